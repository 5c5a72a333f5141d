// Parses each SGF file named on the command line with @sabaki/sgf (the parser of the
// Sabaki viewer) and prints "<node count> <file>" per file. Exits 1 if a file does not
// parse, 3 if the package cannot be found (the calling test then skips).
// The package is looked up in tests/emit/node_modules (npm install --prefix tests/emit
// @sabaki/sgf) and in NODE_PATH.
let sgf
try {
  sgf = require('@sabaki/sgf')
} catch (e) {
  console.error('@sabaki/sgf not found: ' + e.message)
  process.exit(3)
}

let failed = false
for (const file of process.argv.slice(2)) {
  try {
    const roots = sgf.parseFile(file)
    let count = 0
    const stack = [...roots]
    while (stack.length > 0) {
      const node = stack.pop()
      count += 1
      for (const child of node.children) stack.push(child)
    }
    console.log(`${count} ${file}`)
  } catch (e) {
    console.error(`${file}: ${e.message}`)
    failed = true
  }
}
process.exit(failed ? 1 : 0)
