import { describe, expect, it } from 'vitest';
import { socketResultOf } from './socket-events';

describe('socketResultOf', () => {
  const tree = { id: 't1', name: 'Årlig kontroll — EN 16005', groups: [{ rows: [] }] };
  const bytes = new TextEncoder().encode(JSON.stringify(tree));

  it('gives an answer that arrived as a value back as it is', () => {
    expect(socketResultOf(tree)).toBe(tree);
    expect(socketResultOf(null)).toBeNull();
    expect(socketResultOf('tekst')).toBe('tekst');
  });

  it('reads an answer that arrived as UTF-8 JSON bytes, as a browser (ArrayBuffer) or Node (a view) has it', () => {
    expect(socketResultOf(bytes.buffer)).toEqual(tree);
    // A view on part of a larger buffer, as Node's pooled Buffers are: only its own bytes are read.
    const pooled = new Uint8Array(bytes.length + 8);
    pooled.set(bytes, 4);
    expect(socketResultOf(new Uint8Array(pooled.buffer, 4, bytes.length))).toEqual(tree);
  });
});
