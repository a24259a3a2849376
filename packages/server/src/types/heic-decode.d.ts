/** heic-decode: HEIC/HEIF decoded by libheif compiled to WebAssembly (the package ships no types). */
declare module 'heic-decode' {
  type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
  type HeifImage = { width: number; height: number; decode: () => Promise<DecodedImage> };
  type Decode = ((input: { buffer: Uint8Array }) => Promise<DecodedImage>) & {
    /** Every image of the file, each decoded on demand; `dispose` frees them. */
    all: (input: { buffer: Uint8Array }) => Promise<HeifImage[] & { dispose: () => void }>;
  };
  const decode: Decode;
  export default decode;
}
