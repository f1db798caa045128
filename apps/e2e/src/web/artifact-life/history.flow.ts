import { type LifeContext } from './context';

/** (placeholder: its owner fills it in) */
export function historyFlow(life: () => LifeContext): void {
  it.todo('history');
  void life;
}
