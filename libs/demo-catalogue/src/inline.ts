/**
 * Writes functions and data into a demo page's script: `var CV = { name: <source>, ... };`.
 * Only self-contained arrow functions qualify (see logic.ts); `Function.prototype.toString`
 * returns their compiled source, which is valid JavaScript wherever this library was built.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function inlineLogic(functions: Record<string, Function>, data: Record<string, unknown> = {}): string {
  const parts = Object.entries(functions).map(([name, fn]) => {
    const source = fn.toString();
    if (!/^(async\s*)?(\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>/.test(source))
      throw new Error(`inlineLogic: ${name} must be an arrow function`);
    return `${JSON.stringify(name)}: ${source}`;
  });
  for (const [name, value] of Object.entries(data))
    parts.push(`${JSON.stringify(name)}: ${JSON.stringify(value).replace(/</g, '\\u003c')}`);
  return `var CV = {\n${parts.join(',\n')}\n};`;
}
