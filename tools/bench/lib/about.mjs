// What each benchmark measures, how to rerun it and its target, as the benchmarks page prints them
// (docs/reference/benchmarks.md). Each bench's JSON carries its entry (tools/bench/lib/report.mjs).
export const ABOUT = {
  analytics: {
    title: 'Analytics: view ingestion and the counting pipeline',
    measures:
      'Views sent through the real HTTP track-views path (batches of 100) vs bare kafkajs producing the same records; then topic → complete counts in the analytics service vs bare kafkajs consuming the same messages. Every pipeline run checks the counts are exact. Medians of 3 runs.',
    command: 'node tools/bench/analytics.mjs',
    target: 'ingestion ≥ 5,000 events/s and ≥ 0.4 × bare; pipeline ≥ 0.85 × bare; counts exact',
  },
  'artifact-runtime': {
    title: "Claude's artifact runtime: window.storage",
    measures:
      "window.storage get/set of a personal 2 KB key through the gateway, one call and four calls in flight, beside the gateway's public read of the same artifact (the anchor); and an embed showing its saved data, navigation start → value on screen, fresh Chromium context each time.",
    command: 'node tools/bench/artifact-runtime.mjs',
    target: 'storage get/set p95 ≤ 25 ms (one call in flight); saved data shown ≤ 1 s',
    notes:
      'The target is the one-call-in-flight case (an artifact awaits each call); four viewers at once on 2 cores share them with the services, MongoDB and Redis. A set is three database round trips (its old size, the reservation, the entry), a get one beside the access check; the gateway adds ~4 ms to each.',
  },
  artifacts: {
    title: 'Artifacts: public read, embed document, large create',
    measures:
      "A cached 20 KB public artifact read through the gateway vs a bare server answering the same Redis entry; the renderer's gzipped embed document vs a bare server sending the same bytes (3 interleaved rounds each, medians); creating a 500,000-character artifact.",
    command: 'node tools/bench/artifacts.mjs',
    target: 'read ≥ 2,000 req/s, p99 ≤ 10 ms, ≥ 0.9 × bare; embed ≥ 0.85 × bare (#31); create p95 ≤ 250 ms',
    notes:
      "The embed is asked for on the artifact's own origin (`Host: {label}.localhost`), as browsers do. Issue #31 asks ≥ 0.85 × for the embed: on this shared 2-core machine rounds swing from 0.62 to 1.02, so it is met in some runs, not reliably; a CPU profile puts the renderer's own code at 0.4 % of samples, the rest is Node's HTTP writing, which the bare server pays too.",
  },
  import: {
    title: 'Imports: a 50 MB Claude export',
    measures:
      "A synthetic 50 MB Claude export (conversations.json in the documented shape: artifacts tool calls with create and update, older antArtifact tags, 5 % duplicates) sent to the artifacts service's import-sources routes from dist: the preview, then the run (the file read whole again before the first write, then stored in batches of 50 with progress lines), timed to the report; the service's peak RSS (VmHWM). Anchor: JSON.parse of the same file in a fresh Node process.",
    command: 'node tools/bench/import.mjs',
    target: 'run ≤ 60 s; the importing process (the artifacts service) under 300 MB RSS',
    notes:
      "runWriteSeconds is the run's time in the database's inserts (MongoDB-compatible server, batches of 50, one in flight while the next is read): it is most of the run. The service's RSS counts everything the artifacts service does meanwhile — its baseline (≈ 175 MiB idle since the share-card engines, the AWS signer and OpenTelemetry's exporters load only when used), the outbox relay and the search consumer reacting to thousands of created events — while readerAlone is the import's own reading and rendering of every item in a fresh process. Figures swing with the host's load (see the load average): on the same machine the run took 19 s at load ≈ 3, 78 s at load ≈ 22 and 228 s at a heavier load.",
  },
  lighthouse: {
    title: 'Lighthouse: the public pages',
    measures:
      'Lighthouse performance (mobile and desktop defaults) of `/` (the anchor), an HTML view page and a React view page, cold loads, medians of 3 per page and form factor: score, CLS, LCP, TBT, FCP.',
    command: 'node tools/bench/lighthouse.mjs',
    target: 'performance ≥ 95, CLS ≤ 0.05 on every page',
  },
  mcp: {
    title: 'MCP: save to readable',
    measures:
      "An artifact saved through the vault's MCP server (save_artifact over Streamable HTTP) and read back through the REST API, timed from the call to the end of the read; the anchor is the same save through POST /api/v1/artifacts and the same read, interleaved. 50 of each, one at a time, 5 KB HTML.",
    command: 'node tools/bench/mcp.mjs',
    target: 'readable p95 ≤ 500 ms',
    notes:
      "The MCP path has the same hops as REST (client → gateway → artifacts); it adds the protocol: a server built per request (stateless mode, ≈ 5–11 ms under load), the JSON-RPC envelope and the SDK's conversion of Node's request to a web Request. The recorded run was taken at load average ≈ 40 on 2 cores; a quiet machine's figures are still to be taken.",
  },
  'mirror-cache': {
    title: 'Library mirror: npm cache',
    measures:
      "The renderer's npm cache: cold misses of packages ≤ 2 MB packed (not pinned, not cached) fetched from the registry through a counting proxy; warm hits (48 KB in memory, 1.1 MB streamed) vs a bare node:http + fs server sending the same file; one download per version however many viewers ask.",
    command: 'node tools/bench/mirror-cache.mjs',
    target: 'cold miss ≤ 3 s; warm hit ≥ 0.8 × bare',
    notes:
      "A cold miss beyond the registry's share is unpacking (bootstrap-icons' 2,057 small files dominate). A repeat request for a cached file is answered from memory (headers made once, bytes too for files ≤ 256 KB), so small files beat a server that reads the file each time; larger ones are streamed as the bare server does. Concurrent first requests for one package make one tarball request ([rendering](rendering.md#npm-cache-any-package)).",
  },
  'mirror-cold-load': {
    title: 'Library mirror: cold load of a Chart.js page',
    measures:
      'An HTML artifact drawing a Chart.js chart from the mirror, navigation start → chart drawn, fresh browser context per run, vs the same page drawing the bars on a plain canvas (the anchor).',
    command: 'node tools/bench/mirror-cold-load.mjs --runs 20',
    target: 'chart drawn p95 < 1 s',
  },
  redos: {
    title: 'Linear time on untrusted text',
    measures:
      "Adversarial artifact text (runs of '<', spaces, quotes, brackets, '<!--', nested lists …) up to 500,000 characters vs a benign twin of the same size and type: the write path, share excerpt and embed build in process, and through the real services while public reads of another artifact run alongside.",
    command: 'node tools/bench/redos.mjs --start',
    target: 'adversarial ≤ benign + 50 ms; concurrent reads p99 ≤ + 50 ms',
    notes:
      "What keeps it linear (`apps/artifacts/src/rendering/nesting-cap.ts`, `markdown-guard.ts`): tags past 256 open elements are left out before sanitize-html (its parser's open-element stack made each open tag cost the depth already open); `<` that starts no tag gets a stand-in while sanitizing; Markdown delimiters past the 2,000th of a paragraph become character references and list items past eight levels come back to the eighth.",
  },
  scale: {
    title: "Scale: one user's artifacts at 100 to 20,000",
    measures:
      "One user's lists (five sorts and a deep page), search, get, counts and full export through the gateway at each size, a private store; anchor a bare server answering the same bytes as list page 1.",
    command: 'node tools/bench/scale.mjs',
    target: 'lists and search p95 ≤ 50 ms at 20,000; growth 1,000 → 20,000 ≤ 1.5 ×; write → searchable ≤ 1 s',
  },
  'store-kill': {
    title: 'Local store: kill -9 during acknowledged writes',
    measures:
      'A private mongo-java-server killed at a random acknowledged write while 32 writers insert indexed documents and increment counters; after the restart every acknowledged insert must be there, findable by _id and by its index, and every counter at least at its acknowledged increments.',
    command: 'node tools/bench/store-kill.mjs --rounds 10',
    target: 'no round loses or cannot find an acknowledged write',
  },
  'store-probe': {
    title: 'Local store: query cost at N artifacts',
    measures:
      "What each of the artifacts service's recurring queries costs the local mongo-java-server alone at N artifacts (p50/p95/max and the store's CPU per query), no service in the way.",
    command: 'node tools/bench/store-probe.mjs --n 20000',
    target: 'none of its own (it explains the scale bench)',
  },
};
