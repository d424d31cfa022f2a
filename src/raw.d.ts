// A file imported with `?raw` is its text: the plugin sources `hookrun bridge` writes out. Vite (the tests)
// reads the suffix natively; scripts/build.js has an esbuild plugin for it.
declare module '*?raw' {
  const text: string;
  export default text;
}
