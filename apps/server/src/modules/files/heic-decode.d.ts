// heic-decode (libheif as WebAssembly) ships no types: the one call files.pipeline.ts makes.
declare module 'heic-decode' {
  export default function decode(input: {
    buffer: ArrayBufferLike | Uint8Array;
  }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
