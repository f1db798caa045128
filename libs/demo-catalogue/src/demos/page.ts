/** The shell every demo page shares: a full HTML document with its own style and script. */
export function demoPage(input: {
  title: string;
  css: string;
  body: string;
  script: string;
  head?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
<style>
*{box-sizing:border-box}
body{margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6fb;color:#1c2333}
h1{margin:0 0 4px;font-size:1.6rem}
.sub{margin:0 0 20px;color:#5b6478}
.grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(200px,1fr))}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(20,30,60,.12)}
.card h3{margin:0 0 8px;font-size:.85rem;color:#5b6478;text-transform:uppercase;letter-spacing:.04em}
.big{font-size:1.9rem;font-weight:700}
.muted{color:#5b6478;font-size:.85rem}
button{font:inherit;border:0;border-radius:8px;padding:8px 14px;background:#3355ff;color:#fff;cursor:pointer}
button.secondary{background:#e3e8f7;color:#1c2333}
button[aria-pressed=true]{background:#1c2333;color:#fff}
input,select{font:inherit;padding:8px;border:1px solid #c9d0e0;border-radius:8px}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e6e9f2}
.pill{display:inline-block;padding:2px 10px;border-radius:999px;font-size:.8rem;font-weight:600}
.ok{background:#dcf5e3;color:#146c2e}.warn{background:#fff1cc;color:#8a5a00}.bad{background:#fde0e0;color:#a11b1b}
.row{display:flex;gap:8px;flex-wrap:wrap;align-items:center}
${input.css}
</style>
${input.head ?? ''}
</head>
<body>
${input.body}
<script>
${input.script}
</script>
</body>
</html>
`;
}
