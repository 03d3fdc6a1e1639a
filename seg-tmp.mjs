import pkg from 'segmentit'; const { Segment, useDefault } = pkg;
let t=performance.now();
const s = useDefault(new Segment());
console.log('init ms', performance.now()-t);
const txt = require_txt();
function require_txt(){ return "工信处女干事每月经过下属科室都要亲口交代24口交换机等技术性器件的安装工作。"; }
t=performance.now(); const r = s.doSegment(txt, {simple:true}); console.log(performance.now()-t, r);
const run = "我们今天讨论的问题是如何在大规模网页中检测近似重复的文档并且保证效率足够高";
for (const n of [40, 80, 100, 120]) { const x = (run.repeat(10)).slice(0,n); t=performance.now(); s.doSegment(x,{simple:true}); console.log(n, performance.now()-t); }
