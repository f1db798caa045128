import { useState, useEffect } from 'react';
import { BookOpen, Send, RefreshCw, Users, AlertCircle } from 'lucide-react';

// Every entry is its own shared key, so two people signing at once never overwrite each other.
const PREFIX = 'guestbook:';

const newKey = () => `${PREFIX}${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

function timeAgo(iso) {
  const seconds = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

export default function SharedGuestbook() {
  const [entries, setEntries] = useState([]);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const loadEntries = async () => {
    setLoading(true);
    try {
      const listed = await window.storage.list(PREFIX, true);
      const keys = listed?.keys ?? [];
      const loaded = await Promise.all(
        keys.map(async (key) => {
          try {
            const item = await window.storage.get(key, true);
            return item ? { key, ...JSON.parse(item.value) } : null;
          } catch {
            return null;
          }
        }),
      );
      setEntries(loaded.filter(Boolean).sort((a, b) => b.at.localeCompare(a.at)));
      setError('');
    } catch (err) {
      setError(`Couldn't load the guestbook: ${err?.message ?? err}`);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    loadEntries();
  }, []);

  const handleSubmit = async (e) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) return;
    setSaving(true);
    const entry = { name: name.trim() || 'Anonymous', message: text, at: new Date().toISOString() };
    try {
      await window.storage.set(newKey(), JSON.stringify(entry), true);
      setMessage('');
      await loadEntries();
    } catch (err) {
      setError(`Couldn't save your entry: ${err?.message ?? err}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="min-h-screen bg-gradient-to-br from-amber-50 to-orange-100 p-6">
      <div className="mx-auto max-w-2xl">
        <header className="mb-6 flex items-center gap-3">
          <div className="rounded-xl bg-orange-500 p-2 text-white">
            <BookOpen className="h-6 w-6" />
          </div>
          <div>
            <h1 className="text-2xl font-bold text-gray-900">Team Guestbook</h1>
            <p className="flex items-center gap-1 text-sm text-gray-600">
              <Users className="h-4 w-4" /> Shared with everyone who opens this page
            </p>
          </div>
        </header>

        <form onSubmit={handleSubmit} className="mb-6 space-y-3 rounded-2xl bg-white p-5 shadow-sm">
          <input
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Your name (optional)"
            maxLength={60}
            className="w-full rounded-lg border border-gray-200 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-orange-400"
          />
          <textarea
            name="message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="Leave a message…"
            rows={3}
            maxLength={500}
            className="w-full resize-none rounded-lg border border-gray-200 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-orange-400"
          />
          <div className="flex items-center justify-between">
            <span className="text-xs text-gray-400">{message.length}/500</span>
            <button
              type="submit"
              disabled={saving || !message.trim()}
              className="flex items-center gap-2 rounded-lg bg-orange-500 px-4 py-2 font-medium text-white transition hover:bg-orange-600 disabled:opacity-50"
            >
              <Send className="h-4 w-4" />
              {saving ? 'Signing…' : 'Sign guestbook'}
            </button>
          </div>
        </form>

        {error && (
          <div className="mb-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{error}</span>
          </div>
        )}

        <section aria-label="Guestbook entries" className="rounded-2xl bg-white p-5 shadow-sm">
          <div className="mb-3 flex items-center justify-between">
            <h2 className="font-semibold text-gray-900">Entries ({entries.length})</h2>
            <button
              type="button"
              onClick={loadEntries}
              className="flex items-center gap-1 text-sm text-orange-600 hover:text-orange-700"
            >
              <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} /> Refresh
            </button>
          </div>
          {loading && entries.length === 0 ? (
            <p className="py-6 text-center text-gray-400">Loading…</p>
          ) : entries.length === 0 ? (
            <p className="py-6 text-center text-gray-400">No entries yet. Be the first to sign!</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {entries.map((entry) => (
                <li key={entry.key} className="py-3">
                  <div className="flex items-baseline justify-between">
                    <span className="font-medium text-gray-900">{entry.name}</span>
                    <span className="text-xs text-gray-400">{timeAgo(entry.at)}</span>
                  </div>
                  <p className="mt-1 whitespace-pre-wrap text-gray-700">{entry.message}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
