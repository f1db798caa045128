import { render, screen } from '@testing-library/react';
import { SearchSnippets } from './SearchSnippets';

describe('SearchSnippets', () => {
  it('marks the matching parts and shows the artifact text as text, never as HTML', () => {
    const { container } = render(
      <SearchSnippets
        snippets={[
          {
            field: 'content',
            parts: [
              { text: '<img src=x onerror="alert(1)"> before ', match: false },
              { text: '<b>quokka</b>', match: true },
              { text: ' after', match: false },
            ],
          },
          { field: 'title', parts: [{ text: 'Quokka', match: true }] },
        ]}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['<b>quokka</b>', 'Quokka']);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Content: <img src=x onerror="alert(1)"> before <b>quokka</b> after');
    expect(items[1]).toHaveTextContent('Title: Quokka');
  });

  it('shows nothing when a result has no snippets', () => {
    const { container } = render(<SearchSnippets snippets={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
