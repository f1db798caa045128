import { type StubArtifact } from './stub-gateway';

const base = { isPublic: true, owner: 'usr_owner', tags: ['test'] };

/** An HTML page of about `bytes` bytes whose button counts clicks (the sanitizer keeps scripts). */
export function interactiveHtml(bytes: number): string {
  const head = `<!doctype html><html><head><title>Counter</title><style>body{font-family:sans-serif}</style></head><body>
<h1>Click counter</h1><button id="inc">Clicked 0 times</button><div id="filler">`;
  const tail = `</div><script>var n = 0; var b = document.getElementById('inc');
b.addEventListener('click', function () { n++; b.textContent = 'Clicked ' + n + ' times'; });</script></body></html>`;
  const para =
    '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.</p>\n';
  return head + para.repeat(Math.max(0, Math.ceil((bytes - head.length - tail.length) / para.length))) + tail;
}

export const REACT_COUNTER = `import React, { useState } from 'react';
export default function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>React count {count}</button>;
}`;

export const REACT_RICH = `import { useState } from 'react';
import { Camera, Heart } from 'lucide-react';
import { LineChart, Line, XAxis, YAxis } from 'recharts';
const data = [{ m: 'Jan', v: 10 }, { m: 'Feb', v: 30 }, { m: 'Mar', v: 20 }];
export default function Dashboard() {
  const [likes, setLikes] = useState(0);
  return (
    <div className="p-6 bg-blue-500 text-white rounded-xl">
      <h2 className="text-2xl font-bold flex items-center gap-2"><Camera /> Rich dashboard</h2>
      <button className="mt-4 px-3 py-1 bg-white text-blue-700 rounded" onClick={() => setLikes(likes + 1)}><Heart size={16} /> Likes {likes}</button>
      <LineChart width={320} height={160} data={data}><XAxis dataKey="m" /><YAxis /><Line type="monotone" dataKey="v" stroke="#fff" /></LineChart>
    </div>
  );
}`;

export const REACT_LUCIDE_ONLY = `import { Star } from 'lucide-react';
export default function App() { return <p><Star /> Only icons here</p>; }`;

export const FIXTURES: StubArtifact[] = [
  {
    ...base,
    id: 'public-html',
    title: 'HTML counter',
    type: 'HTML',
    content: interactiveHtml(2_000),
    rendered: interactiveHtml(2_000),
  },
  {
    ...base,
    id: 'html-20kb',
    title: '20 KB page',
    type: 'HTML',
    content: interactiveHtml(20_000),
    rendered: interactiveHtml(20_000),
  },
  {
    ...base,
    id: 'public-svg',
    title: 'Logo',
    type: 'SVG',
    content:
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><script>alert(1)</script><text x="10" y="40">Vault SVG</text></svg>',
    rendered:
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="40">Vault SVG</text></svg>',
  },
  {
    ...base,
    id: 'public-md',
    title: 'Notes',
    type: 'MARKDOWN',
    content: '# Release notes\n\n```ts\nconst answer: number = 42;\n```\n',
    rendered:
      '<h1>Release notes</h1>\n<pre><code class="language-ts">const answer: number = 42;\n</code></pre>\n',
  },
  {
    ...base,
    id: 'md-error',
    title: 'Broken notes',
    type: 'MARKDOWN',
    content: '# x',
    rendered: null,
    renderError: 'Error parsing markdown: unexpected end of input',
  },
  {
    ...base,
    id: 'public-ts',
    title: 'Types',
    type: 'TYPESCRIPT',
    content:
      'interface User { id: string }\nexport function greet(u: User): string {\n  return `hi ${u.id}`;\n}\n',
    rendered: null,
  },
  {
    ...base,
    id: 'public-unknown',
    title: 'Raw',
    type: 'UNKNOWN',
    content: '<b>not bold</b> & <script>alert(1)</script>',
    rendered: null,
  },
  {
    ...base,
    id: 'react-counter',
    title: 'React counter',
    type: 'REACT',
    content: REACT_COUNTER,
    rendered: null,
  },
  { ...base, id: 'react-rich', title: 'Rich React', type: 'REACT', content: REACT_RICH, rendered: null },
  {
    ...base,
    id: 'react-lucide',
    title: 'Icons only',
    type: 'REACT',
    content: REACT_LUCIDE_ONLY,
    rendered: null,
  },
  {
    ...base,
    id: 'react-cookie',
    title: 'Cookie thief',
    type: 'REACT',
    content: 'export default function A() { return <p>{document.cookie}</p>; }',
    rendered: null,
    securityWarning: 'The component accesses cookies.',
  },
  {
    ...base,
    id: 'react-syntax',
    title: 'Broken',
    type: 'REACT',
    content: 'export default function A() { return <div>; }',
    rendered: null,
  },
  {
    ...base,
    id: 'react-none',
    title: 'No component',
    type: 'REACT',
    content: 'const value = 42;\nexport const notAComponent = value;',
    rendered: null,
  },
  {
    ...base,
    id: 'react-throws',
    title: 'Thrower',
    type: 'REACT',
    content: 'export default function A() { const u = undefined as any; return <p>{u.name}</p>; }',
    rendered: null,
  },
  {
    ...base,
    id: 'react-unknown-import',
    title: 'Axios',
    type: 'REACT',
    content: "import axios from 'axios';\nexport default function A() { return <p>{String(axios)}</p>; }",
    rendered: null,
  },
  {
    ...base,
    id: 'private-1',
    title: 'Secret',
    type: 'HTML',
    content: '<p>secret</p>',
    rendered: '<p>secret</p>',
    isPublic: false,
  },
];
