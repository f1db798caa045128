/** The frame → app messages the agent sends; mirrors libs/contracts/src/rendering/protocol.ts. */
export const AGENT_CHANNEL = 'core-vault/renderer';
export const AGENT_PROTOCOL_VERSION = 1;

export interface AgentError {
  title: 'Security Warning' | 'Render Error' | 'Setup Error' | 'Component Not Found' | 'Markdown Error';
  message: string;
  tips: string[];
}

export type AgentMessage =
  | { channel: typeof AGENT_CHANNEL; v: 1; kind: 'rendered' }
  | { channel: typeof AGENT_CHANNEL; v: 1; kind: 'height'; height: number; mode: 'content' | 'viewport' }
  | { channel: typeof AGENT_CHANNEL; v: 1; kind: 'error'; error: AgentError }
  | { channel: typeof AGENT_CHANNEL; v: 1; kind: 'storage'; items: Record<string, string> };

type Body =
  | { kind: 'rendered' }
  | { kind: 'height'; height: number; mode: 'content' | 'viewport' }
  | { kind: 'error'; error: AgentError }
  | { kind: 'storage'; items: Record<string, string> };

export function agentMessage(body: Body): AgentMessage {
  return { channel: AGENT_CHANNEL, v: AGENT_PROTOCOL_VERSION, ...body };
}

/**
 * Embed → embedding page (automatic height only): the document's height and sizing mode for the
 * embed script (embed-resizer.ts). A channel of its own: it never reaches the app's frame handler.
 */
export const EMBED_CHANNEL = 'core-vault/embed';
export interface EmbedHeightMessage {
  channel: typeof EMBED_CHANNEL;
  v: 1;
  kind: 'height';
  height: number;
  mode: 'content' | 'viewport';
}

export function embedHeightMessage(report: {
  height: number;
  mode: 'content' | 'viewport';
}): EmbedHeightMessage {
  return { channel: EMBED_CHANNEL, v: 1, kind: 'height', height: report.height, mode: report.mode };
}

/**
 * Embedding page → embed: "say your height again". The embed script loads beside the iframes, so
 * a document may have reported before anyone listened; the script asks each marked iframe once.
 */
export const EMBED_ASK = { channel: EMBED_CHANNEL, v: 1, kind: 'ask' } as const;

export function isEmbedAsk(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return d['channel'] === EMBED_CHANNEL && d['v'] === 1 && d['kind'] === 'ask';
}
