import { type LifeContext } from './context';

/** (placeholder: its owner fills it in) */
export function viewStabilityFlow(life: () => LifeContext): void {
  it.todo('view-stability');
  void life;
}
