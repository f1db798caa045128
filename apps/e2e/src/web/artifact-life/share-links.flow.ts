import { type LifeContext } from './context';

/** (placeholder: its owner fills it in) */
export function shareLinksFlow(life: () => LifeContext): void {
  it.todo('share-links');
  void life;
}
