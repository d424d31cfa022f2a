import { build } from 'esbuild';
const r = await build({ entryPoints: { hookrun: 'src/cli.ts' }, bundle: true, format: 'esm', splitting: true, platform: 'node', target: 'node20', write: false, metafile: true, external: ['typescript'], mainFields: ['module','main'], outdir: '/tmp/hr/split', chunkNames: 'chunk-[hash]', logLevel: 'silent' });
for (const [f, o] of Object.entries(r.metafile.outputs)) {
  if (f.endsWith('.map')) continue;
  const top = Object.entries(o.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).slice(0,3).map(([k,v])=>k.replace(/.*node_modules\//,'nm/')+':'+(v.bytesInOutput/1024|0)).join(' ');
  console.log((o.bytes/1024).toFixed(0).padStart(5),'KB', f.split('/').pop(), 'static:', o.imports.filter(i=>i.kind==='import-statement'&&!i.external).map(i=>i.path.split('/').pop()).join(','), 'dyn:', o.imports.filter(i=>i.kind==='dynamic-import').length, '|', top);
}
