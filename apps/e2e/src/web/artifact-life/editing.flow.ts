import { type LifeContext } from './context';

/** (placeholder: its owner fills it in) */
export function editingFlow(life: () => LifeContext): void {
  it.todo('editing');
  void life;
}
