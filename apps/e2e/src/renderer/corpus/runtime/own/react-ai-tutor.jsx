import { useState } from 'react';
import { GraduationCap, Sparkles, Loader2, CheckCircle2, XCircle, AlertTriangle } from 'lucide-react';

const LEVELS = ['beginner', 'intermediate', 'advanced'];

function buildPrompt(topic, level) {
  return `You are a patient, encouraging tutor. Explain the concept "${topic}" to a ${level} learner.

Respond ONLY with a valid JSON object in exactly this shape, with no text before or after it:
{
  "title": "short title",
  "explanation": "two or three short paragraphs",
  "keyPoints": ["point", "point", "point"],
  "question": { "prompt": "one check-your-understanding question", "choices": ["a", "b", "c"], "answer": 0 }
}
"answer" is the index of the correct choice. DO NOT OUTPUT ANYTHING OTHER THAN VALID JSON.`;
}

// Claude sometimes wraps JSON in a code fence even when asked not to.
function parseLesson(text) {
  const cleaned = text
    .replace(/```json\s*/gi, '')
    .replace(/```/g, '')
    .trim();
  const start = cleaned.indexOf('{');
  const end = cleaned.lastIndexOf('}');
  const lesson = JSON.parse(start >= 0 && end > start ? cleaned.slice(start, end + 1) : cleaned);
  if (typeof lesson.explanation !== 'string') throw new Error('missing explanation');
  return {
    title: lesson.title || 'Lesson',
    explanation: lesson.explanation,
    keyPoints: Array.isArray(lesson.keyPoints) ? lesson.keyPoints : [],
    question: lesson.question && Array.isArray(lesson.question.choices) ? lesson.question : null,
  };
}

export default function AiTutor() {
  const [topic, setTopic] = useState('');
  const [level, setLevel] = useState('beginner');
  const [lesson, setLesson] = useState(null);
  const [picked, setPicked] = useState(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const explain = async () => {
    if (!topic.trim() || loading) return;
    setLoading(true);
    setError('');
    setLesson(null);
    setPicked(null);
    try {
      const reply = await window.claude.complete(buildPrompt(topic.trim(), level));
      try {
        setLesson(parseLesson(reply));
      } catch {
        setError("Claude's answer wasn't in the expected format. Try asking again.");
      }
    } catch (err) {
      setError(`Couldn't reach Claude: ${err?.message ?? err}`);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="min-h-screen bg-gradient-to-b from-indigo-50 to-white p-6">
      <div className="mx-auto max-w-2xl">
        <div className="mb-6 flex items-center gap-3">
          <GraduationCap className="h-9 w-9 text-indigo-600" />
          <div>
            <h1 className="text-2xl font-bold text-gray-900">Concept Tutor</h1>
            <p className="text-sm text-gray-500">Ask about any idea and get a short lesson with a quiz.</p>
          </div>
        </div>

        <div className="mb-6 rounded-2xl bg-white p-5 shadow-md">
          <input
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && explain()}
            placeholder="What do you want to learn? e.g. photosynthesis"
            className="mb-3 w-full rounded-lg border border-gray-200 px-4 py-3 focus:outline-none focus:ring-2 focus:ring-indigo-400"
          />
          <div className="flex items-center gap-2">
            {LEVELS.map((l) => (
              <button
                key={l}
                onClick={() => setLevel(l)}
                className={`rounded-full px-3 py-1 text-sm capitalize ${
                  level === l ? 'bg-indigo-600 text-white' : 'bg-gray-100 text-gray-600 hover:bg-gray-200'
                }`}
              >
                {l}
              </button>
            ))}
            <button
              onClick={explain}
              disabled={loading || !topic.trim()}
              className="ml-auto flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
            >
              {loading ? <Loader2 className="h-4 w-4 animate-spin" /> : <Sparkles className="h-4 w-4" />}
              Explain
            </button>
          </div>
        </div>

        <section aria-label="Lesson" aria-live="polite">
          {error && (
            <div className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-800">
              <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" />
              <span>{error}</span>
            </div>
          )}
          {loading && <p className="text-center text-gray-400">Claude is preparing your lesson…</p>}
          {lesson && (
            <article className="space-y-4 rounded-2xl bg-white p-6 shadow-md">
              <h2 className="text-xl font-semibold text-indigo-700">{lesson.title}</h2>
              <p className="whitespace-pre-line leading-relaxed text-gray-700">{lesson.explanation}</p>
              {lesson.keyPoints.length > 0 && (
                <ul className="list-disc space-y-1 pl-5 text-gray-700">
                  {lesson.keyPoints.map((p, i) => (
                    <li key={i}>{p}</li>
                  ))}
                </ul>
              )}
              {lesson.question && (
                <div className="rounded-xl bg-indigo-50 p-4">
                  <p className="mb-3 font-medium text-gray-900">{lesson.question.prompt}</p>
                  <div className="space-y-2">
                    {lesson.question.choices.map((choice, i) => {
                      const chosen = picked === i;
                      const right = i === lesson.question.answer;
                      return (
                        <button
                          key={i}
                          onClick={() => setPicked(i)}
                          className={`flex w-full items-center justify-between rounded-lg border px-3 py-2 text-left ${
                            picked === null
                              ? 'border-gray-200 bg-white hover:border-indigo-300'
                              : right
                                ? 'border-green-400 bg-green-50'
                                : chosen
                                  ? 'border-red-400 bg-red-50'
                                  : 'border-gray-200 bg-white'
                          }`}
                        >
                          {choice}
                          {picked !== null && right && <CheckCircle2 className="h-5 w-5 text-green-600" />}
                          {chosen && !right && <XCircle className="h-5 w-5 text-red-500" />}
                        </button>
                      );
                    })}
                  </div>
                </div>
              )}
            </article>
          )}
        </section>
      </div>
    </div>
  );
}
