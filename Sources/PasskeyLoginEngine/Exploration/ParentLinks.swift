/// How a breadth-first search reached each node it found: the node it came from and the step
/// it took, as plain values. The path to a node, the shortest there is, is rebuilt from these
/// only when a counterexample needs it.
struct ParentLinks<Step> {
    private var parents: [Int] = []
    private var steps: [Step] = []

    /// How many nodes have been found.
    var count: Int { parents.count }

    /// Forgets every node (keeping the memory) and starts again from a root.
    mutating func restart(root: Step) {
        parents.removeAll(keepingCapacity: true)
        steps.removeAll(keepingCapacity: true)
        parents.append(-1)
        steps.append(root)
    }

    /// A node found from `parent` by `step`.
    mutating func append(parent: Int, step: Step) {
        parents.append(parent)
        steps.append(step)
    }

    /// The steps from the root to `node`.
    func path(to node: Int) -> [Step] {
        var path: [Step] = []
        var cursor = node
        while parents[cursor] >= 0 {
            path.append(steps[cursor])
            cursor = parents[cursor]
        }
        return path.reversed()
    }
}
