import { useState, useEffect } from 'react';
import { Flame, Plus, Trash2, Check, AlertCircle } from 'lucide-react';

// One personal key per habit: habit:<id> -> { id, name, createdAt, done: ['YYYY-MM-DD', ...] }
const PREFIX = 'habit:';

const dayKey = (d) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const lastSevenDays = () =>
  Array.from({ length: 7 }, (_, i) => {
    const d = new Date();
    d.setDate(d.getDate() - (6 - i));
    return d;
  });

function streakOf(done) {
  const set = new Set(done);
  let streak = 0;
  const d = new Date();
  if (!set.has(dayKey(d))) d.setDate(d.getDate() - 1);
  while (set.has(dayKey(d))) {
    streak++;
    d.setDate(d.getDate() - 1);
  }
  return streak;
}

export default function HabitTracker() {
  const [habits, setHabits] = useState([]);
  const [newHabit, setNewHabit] = useState('');
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  useEffect(() => {
    const load = async () => {
      try {
        const listed = await window.storage.list(PREFIX);
        const loaded = await Promise.all(
          (listed?.keys ?? []).map(async (key) => {
            const item = await window.storage.get(key);
            return item ? JSON.parse(item.value) : null;
          }),
        );
        setHabits(loaded.filter(Boolean).sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
      } catch (err) {
        setError(`Couldn't load your habits: ${err?.message ?? err}`);
      } finally {
        setLoading(false);
      }
    };
    load();
  }, []);

  const saveHabit = async (habit) => {
    try {
      await window.storage.set(PREFIX + habit.id, JSON.stringify(habit));
      setError('');
      return true;
    } catch (err) {
      setError(`Couldn't save "${habit.name}": ${err?.message ?? err}`);
      return false;
    }
  };

  const addHabit = async () => {
    const name = newHabit.trim();
    if (!name) return;
    const habit = {
      id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      name,
      createdAt: new Date().toISOString(),
      done: [],
    };
    if (await saveHabit(habit)) {
      setHabits((prev) => [...prev, habit]);
      setNewHabit('');
    }
  };

  const toggleDay = async (habit, day) => {
    const key = dayKey(day);
    const done = habit.done.includes(key) ? habit.done.filter((d) => d !== key) : [...habit.done, key];
    const updated = { ...habit, done };
    if (await saveHabit(updated)) setHabits((prev) => prev.map((h) => (h.id === habit.id ? updated : h)));
  };

  const removeHabit = async (habit) => {
    try {
      await window.storage.delete(PREFIX + habit.id);
      setHabits((prev) => prev.filter((h) => h.id !== habit.id));
    } catch (err) {
      setError(`Couldn't delete "${habit.name}": ${err?.message ?? err}`);
    }
  };

  const days = lastSevenDays();
  const today = dayKey(new Date());

  return (
    <div className="min-h-screen bg-slate-50 p-6">
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-1 text-3xl font-bold text-slate-900">Habit Tracker</h1>
        <p className="mb-6 text-slate-500">Tick off each day you kept your habit. Only you can see this.</p>

        <div className="mb-6 flex gap-2">
          <input
            value={newHabit}
            onChange={(e) => setNewHabit(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && addHabit()}
            placeholder="New habit, e.g. Read 20 pages"
            className="flex-1 rounded-lg border border-slate-300 px-4 py-2 focus:outline-none focus:ring-2 focus:ring-emerald-500"
          />
          <button
            onClick={addHabit}
            disabled={!newHabit.trim()}
            className="flex items-center gap-1 rounded-lg bg-emerald-600 px-4 py-2 font-medium text-white hover:bg-emerald-700 disabled:opacity-50"
          >
            <Plus className="h-4 w-4" /> Add habit
          </button>
        </div>

        {error && (
          <div className="mb-4 flex items-center gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
            <AlertCircle className="h-4 w-4" /> {error}
          </div>
        )}

        <section aria-label="Your habits" className="rounded-xl bg-white p-4 shadow-sm">
          {loading ? (
            <p className="py-8 text-center text-slate-400">Loading your habits…</p>
          ) : habits.length === 0 ? (
            <p className="py-8 text-center text-slate-400">No habits yet. Add one above to get started.</p>
          ) : (
            <table className="w-full">
              <thead>
                <tr className="text-xs uppercase text-slate-400">
                  <th className="pb-2 text-left font-medium">Habit</th>
                  {days.map((d) => (
                    <th key={dayKey(d)} className="pb-2 font-medium">
                      {d.toLocaleDateString(undefined, { weekday: 'narrow' })}
                    </th>
                  ))}
                  <th className="pb-2 font-medium">Streak</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {habits.map((habit) => (
                  <tr key={habit.id} className="border-t border-slate-100">
                    <td className="py-3 pr-2 font-medium text-slate-800">{habit.name}</td>
                    {days.map((d) => {
                      const done = habit.done.includes(dayKey(d));
                      return (
                        <td key={dayKey(d)} className="text-center">
                          <button
                            onClick={() => toggleDay(habit, d)}
                            aria-label={`${habit.name} on ${dayKey(d)}`}
                            className={`mx-auto flex h-8 w-8 items-center justify-center rounded-full border-2 transition ${
                              done
                                ? 'border-emerald-500 bg-emerald-500 text-white'
                                : dayKey(d) === today
                                  ? 'border-emerald-300 hover:bg-emerald-50'
                                  : 'border-slate-200 hover:bg-slate-50'
                            }`}
                          >
                            {done && <Check className="h-4 w-4" />}
                          </button>
                        </td>
                      );
                    })}
                    <td className="text-center">
                      <span className="inline-flex items-center gap-1 text-orange-500">
                        <Flame className="h-4 w-4" /> {streakOf(habit.done)}
                      </span>
                    </td>
                    <td className="text-right">
                      <button
                        onClick={() => removeHabit(habit)}
                        aria-label={`Delete ${habit.name}`}
                        className="p-1 text-slate-300 hover:text-red-500"
                      >
                        <Trash2 className="h-4 w-4" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </div>
  );
}
