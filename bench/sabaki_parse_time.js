// Times @sabaki/sgf (the parser of the Sabaki viewer) on each SGF file named on the command
// line: "<seconds> <nodes> <file>", the median of RUNS parses (default 3). Run by
// bench/sabaki_parse_time.sh, which finds the package.
const sgf = require('@sabaki/sgf')
const runs = Number(process.env.RUNS || 3)
for (const file of process.argv.slice(2)) {
  const times = []
  let nodes = 0
  for (let i = 0; i < runs; ++i) {
    const start = process.hrtime.bigint()
    const roots = sgf.parseFile(file)
    times.push(Number(process.hrtime.bigint() - start) / 1e9)
    nodes = 0
    const stack = [...roots]
    while (stack.length > 0) {
      const node = stack.pop()
      nodes += 1
      for (const child of node.children) stack.push(child)
    }
  }
  times.sort((a, b) => a - b)
  console.log(`${times[Math.floor(times.length / 2)].toFixed(2)} s  ${nodes} nodes  ${file}`)
}
