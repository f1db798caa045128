import { render } from '@testing-library/react';
import { useDocumentMeta, withProductSuffix } from './useDocumentMeta';

function Page() {
  useDocumentMeta({ title: 'Pricing', description: 'Plans', path: '/pricing' });
  return null;
}

describe('useDocumentMeta', () => {
  it('suffixes the title with the product name only when it is missing', () => {
    expect(withProductSuffix('Sign In')).toBe('Sign In | Core Vault');
    expect(withProductSuffix('Core Vault — Intelligence, captured')).toBe(
      'Core Vault — Intelligence, captured',
    );
    expect(withProductSuffix('  ')).toBe('Core Vault');
  });

  it('sets title, canonical, social and robots tags', () => {
    render(<Page />);
    expect(document.title).toBe('Pricing | Core Vault');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/pricing`,
    );
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index, follow');
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'Pricing | Core Vault',
    );
    expect(document.querySelector('meta[name="twitter:description"]')?.getAttribute('content')).toBe('Plans');
  });
});
