package passkeyspec.kit

import java.io.File
import java.io.FileNotFoundException
import java.io.Reader
import java.util.concurrent.ConcurrentHashMap

// Beyond the written checks: every sequence of inputs the reference engine takes up to a
// depth, under each configuration and world of its explorer, replayed on a new app and
// compared with what the engine shows after it. `passkey-spec lockstep --platform android`
// writes the sequences (they depend on the engine alone), one JSON value per line; the format
// is in docs/conformance-kits.md of passkey-spec, and the Swift and TypeScript kits read the same.

/**
 * Replays a lockstep exploration against your app, and reports the first sequence, and so a
 * shortest, after which your app shows something other than the reference engine:
 *
 * ```
 * val report = Lockstep.fromFile("build/lockstep-android.jsonl").run(capabilities) { kit -> MyLoginHarness(kit) }
 * assertNull(report.divergence, report.divergence.toString())
 * ```
 */
class Lockstep private constructor(
    /** Opens the stream for one run. */
    private val open: () -> Reader,
    /** Whether a run closes the stream it opened: a file's, not a reader the caller gave. */
    private val closesStream: Boolean
) {
    /**
     * Reads the exploration from [reader], such as the standard output of
     * `passkey-spec lockstep --platform android`, in one [run]; the caller closes it.
     */
    constructor(reader: Reader) : this(once(reader), closesStream = false)

    /**
     * The lines other than sequences read by earlier runs, by number, with their text: a file
     * run again (for another harness, or other capabilities) reads its thousands of runs once.
     */
    private val definitions = ConcurrentHashMap<Int, Pair<String, Definition>>()

    /**
     * Replays every sequence of the runs [capabilities] admit, in order, each on a new app made
     * by [harness], until one differs. A run whose configuration, or the route of its account's
     * status, the app does not declare is skipped and counted. Throws
     * [LockstepStreamException] for a stream cut short, of another format, or that names
     * what it has not defined.
     */
    fun run(capabilities: AppCapabilities = AppCapabilities.EVERYTHING, harness: (KitEnvironment) -> LoginHarness): LockstepReport {
        val stream = open()
        try {
            return LockstepPass(LineReader(stream), ::definition, capabilities, harness).run()
        } finally {
            if (closesStream) stream.close()
        }
    }

    /** What line [number] defines, read again only when its text is not the one read before. */
    private fun definition(number: Int, line: String): Definition {
        definitions[number]?.let { (text, definition) -> if (text == line) return definition }
        return Definition.read(number, line).also { definitions[number] = line to it }
    }

    companion object {
        /** The only version of the format this kit reads. */
        const val FORMAT = 1

        /** Reads the exploration `passkey-spec lockstep --platform android --out FILE content` wrote. */
        @JvmStatic
        fun fromFile(path: String): Lockstep = fromFile(File(path))

        /** Reads the exploration `passkey-spec lockstep --platform android --out FILE content` wrote; each [run] reads it again. */
        @JvmStatic
        fun fromFile(file: File): Lockstep {
            if (!file.isFile) {
                throw FileNotFoundException(
                    "no lockstep exploration at ${file.absolutePath}: write it with " +
                        "`passkey-spec lockstep --platform android --out ${file.path} content`"
                )
            }
            return Lockstep({ file.reader(Charsets.UTF_8) }, closesStream = true)
        }

        /** A reader can be read through once. */
        private fun once(reader: Reader): () -> Reader {
            var read = false
            return {
                check(!read) { "this Lockstep has read its reader through; make one with Lockstep.fromFile to run a file again" }
                read = true
                reader
            }
        }
    }
}

/** What a lockstep run replayed, and the first divergence found, if any. */
data class LockstepReport(
    /** Configuration-and-world runs replayed; the others ([runsSkipped]) need what the app does not declare. */
    val runs: Int,
    val runsSkipped: Int,
    /** Sequences replayed, each on a new app. */
    val sequences: Int,
    /** Inputs given, over all sequences. */
    val inputs: Int,
    /** The first sequence after which the app differs; null when it matches the engine on every one. */
    val divergence: LockstepDivergence?
)

/** The shortest sequence after which the app shows something other than the engine. */
data class LockstepDivergence(
    /** The configuration and the world, in words. */
    val run: String,
    /** The inputs in order, in words ([KitInput.description]). */
    val inputs: List<String>,
    /** Each difference, as the checks word them, or the problem of the input the app could not take. */
    val differences: List<String>
) {
    /** The run, the inputs one per line, and each difference. */
    val description: String
        get() = (
            listOf("the app differs from the reference engine ($run) after:") +
                inputs.mapIndexed { index, input -> "  ${index + 1}. $input" } +
                differences.map { "  $it" }
            ).joinToString("\n")

    override fun toString() = description
}

/** A stream that is not a whole lockstep exploration this kit reads: at [line] (from 1), for [reason]. */
class LockstepStreamException(val line: Int, val reason: String) : RuntimeException("lockstep exploration, line $line: $reason")

/** A configuration and a world of the exploration. */
private class LockstepRun(val configuration: ScriptConfiguration, val world: KitWorld, val description: String) {
    /** What the app must support to take the run: its configuration, and the route of its account's status. */
    val requirements = KitRequirements(
        listOf(configuration.entry), listOf(configuration.automaticStart),
        listOf(configuration.enumerationPolicy), listOf(configuration.fallback),
        world.account?.let { status -> configuration.accountRoutes[status]?.let { mapOf(status to it) } } ?: emptyMap()
    )
}

/** A line other than a sequence: one key says what it is. */
private sealed class Definition {
    /** The first line; a later format may name no platform. */
    class Header(val format: Int, val platform: String?) : Definition()
    class Input(val input: KitInput) : Definition()
    class Observation(val expected: KitExpectation) : Definition()
    class Run(val run: LockstepRun) : Definition()
    object End : Definition()

    /** A line of a kind this kit does not know, which it passes over. */
    object Other : Definition()

    companion object {
        /** Reads [line], number [number]; throws [LockstepStreamException] for one that is not of the format. */
        fun read(number: Int, line: String): Definition {
            fun notTheFormat(problem: String?) = LockstepStreamException(number, "not a line of the lockstep format ($problem)")
            val entry = try {
                KitJson.parse(line) as? Map<*, *>
            } catch (error: KitJsonException) {
                throw notTheFormat(error.message)
            } ?: throw notTheFormat("not a JSON object")
            fun part(key: String) = entry[key]?.let { JsonNode(it, key) }
            try {
                part("lockstep")?.let { return Header(it["format"].int(), it.optional("platform")?.string()) }
                part("input")?.let { return Input(KitScript.input(it)) }
                part("expect")?.let { return Observation(KitScript.expectation(it)) }
                part("run")?.let {
                    return Run(LockstepRun(KitScript.configuration(it["configuration"]), KitScript.world(it["world"]), it["description"].string()))
                }
                return if (entry.containsKey("end")) End else Other
            } catch (problem: KitScriptException) {
                throw notTheFormat(problem.message)
            }
        }
    }
}

/** One read of a stream, from its header to its end or the first divergence. */
private class LockstepPass(
    private val lines: LineReader,
    /** What a line other than a sequence defines, by its number and text. */
    private val definition: (Int, String) -> Definition,
    private val capabilities: AppCapabilities,
    private val makeHarness: (KitEnvironment) -> LoginHarness
) {
    private val inputs = ArrayList<KitInput>()
    private val observations = ArrayList<KitExpectation>()
    /** Each run, null where the app does not take it. */
    private val runs = ArrayList<LockstepRun?>()
    private val sequences = SequenceTable()
    private var started = false
    private var runsTaken = 0
    private var runsSkipped = 0
    private var sequencesReplayed = 0
    private var inputsGiven = 0
    /** The numbers of the sequence line being read: run, parent, input, expect. */
    private val numbers = IntArray(4)

    fun run(): LockstepReport {
        while (true) {
            val line = lines.next()
                ?: throw LockstepStreamException(lines.count + 1, "it ends before its last line: the exploration was cut short")
            val finished = if (line.startsWith("[")) {
                sequence(line)?.let { return report(it) }
                false
            } else {
                entry(line)
            }
            if (finished) return report(null)
        }
    }

    private fun report(divergence: LockstepDivergence?) =
        LockstepReport(runsTaken, runsSkipped, sequencesReplayed, inputsGiven, divergence)

    /** Reads a sequence and replays it when its run is taken; the divergence, if the app differs after it. */
    private fun sequence(line: String): LockstepDivergence? {
        if (!started) throw notStarted()
        if (!readSequence(line) || !defined(numbers[0], numbers[1], numbers[2], numbers[3])) {
            throw LockstepStreamException(lines.count, "a sequence that names what the stream has not defined")
        }
        val (run, parent, input, expect) = numbers
        sequences.add(run, parent, input)
        val taken = runs[run] ?: return null
        val path = sequences.inputs(sequences.size)
        sequencesReplayed++
        inputsGiven += path.size
        val differences = replay(path, observations[expect], taken) ?: return null
        return LockstepDivergence(taken.description, path.map { inputs[it].description }, differences)
    }

    /** Whether a sequence names a run, a parent of that run (0: none), an input and an observation defined before it. */
    private fun defined(run: Int, parent: Int, input: Int, expect: Int): Boolean =
        run < runs.size && parent <= sequences.size && (parent == 0 || sequences.runOf(parent) == run) &&
            input < inputs.size && expect < observations.size

    /**
     * `[run,parent,input,expect]` into [numbers], read without the JSON reader: nearly every line
     * is one. False for anything else.
     */
    private fun readSequence(line: String): Boolean {
        if (line.length < 2 || line[line.length - 1] != ']') return false
        var count = 0
        var value = 0L
        var digits = 0
        for (index in 1 until line.length) {
            val character = line[index]
            if (character in '0'..'9') {
                value = value * 10 + (character - '0')
                digits++
                if (value > Int.MAX_VALUE) return false
                continue
            }
            // Only ',' between numbers and the closing ']' at the end, checked above.
            if ((character != ',' && index != line.length - 1) || digits == 0 || count == numbers.size) return false
            numbers[count++] = value.toInt()
            value = 0
            digits = 0
        }
        return count == numbers.size
    }

    /** Takes in a line other than a sequence. True for the end. */
    private fun entry(line: String): Boolean {
        val defined = definition(lines.count, line)
        if (defined is Definition.Header) {
            header(defined)
            return false
        }
        if (!started) throw notStarted()
        when (defined) {
            is Definition.Input -> inputs.add(defined.input)
            is Definition.Observation -> observations.add(defined.expected)
            is Definition.Run -> run(defined.run)
            // The end is the caller's to act on, and a line of a kind this kit does not know is passed over.
            else -> Unit
        }
        return defined == Definition.End
    }

    private fun header(header: Definition.Header) {
        if (header.format != Lockstep.FORMAT) {
            throw LockstepStreamException(lines.count, "format ${header.format}; this kit reads format ${Lockstep.FORMAT}: export the kit again")
        }
        if (header.platform != "android") {
            val exploration = header.platform?.let { "an exploration of $it" } ?: "an exploration that names no platform"
            throw LockstepStreamException(lines.count, "$exploration; the Kotlin kit replays Android's: write it with --platform android")
        }
        started = true
    }

    private fun run(run: LockstepRun) {
        val taken = capabilities.reasonToSkip(run.requirements) == null
        runs.add(if (taken) run else null)
        if (taken) runsTaken++ else runsSkipped++
    }

    /**
     * Replays [path] (input numbers, first to last) on a new app; the differences from
     * [expected] after the last input, or the problem of the input the app could not take;
     * null when it shows what the engine shows.
     */
    private fun replay(path: IntArray, expected: KitExpectation, run: LockstepRun): List<String>? {
        val app = ReplayedApp(run.configuration, run.world, makeHarness, capabilities)
        // The input being taken, or the last one while the app is observed.
        var current = inputs[path[0]]
        try {
            for (number in path) {
                val input = inputs[number]
                current = input
                val problems = app.take(input)
                if (problems.isNotEmpty()) return problems.map { "after '${input.description}': $it" }
            }
            return app.differences(expected).takeIf { it.isNotEmpty() }
        } catch (thrown: Exception) {
            return listOf("after '${current.description}': ${ReplayedApp.problem(thrown, "this input")}")
        } finally {
            app.close()
        }
    }

    private fun notStarted() = LockstepStreamException(lines.count, "it does not start with the lockstep header")
}

/**
 * Every sequence read so far, by number from 1: its run, its parent and its last input, in
 * arrays that grow, so that millions of sequences take a few bytes each.
 */
private class SequenceTable {
    private var runs = IntArray(INITIAL_CAPACITY)
    private var parents = IntArray(INITIAL_CAPACITY)
    private var lastInputs = IntArray(INITIAL_CAPACITY)

    /** How many sequences there are; the last one's number. */
    var size = 0
        private set

    fun add(run: Int, parent: Int, input: Int) {
        if (size == runs.size) grow()
        runs[size] = run
        parents[size] = parent
        lastInputs[size] = input
        size++
    }

    fun runOf(sequence: Int): Int = runs[sequence - 1]

    /** The input numbers of [sequence], first to last: its ancestors' last inputs, then its own. */
    fun inputs(sequence: Int): IntArray {
        var length = 0
        var node = sequence
        while (node > 0) {
            length++
            node = parents[node - 1]
        }
        val path = IntArray(length)
        node = sequence
        while (node > 0) {
            path[--length] = lastInputs[node - 1]
            node = parents[node - 1]
        }
        return path
    }

    private fun grow() {
        val capacity = runs.size * 2
        runs = runs.copyOf(capacity)
        parents = parents.copyOf(capacity)
        lastInputs = lastInputs.copyOf(capacity)
    }

    private companion object {
        const val INITIAL_CAPACITY = 1 shl 16
    }
}

/** Lines of a stream, read in large pieces; a last line without its newline was cut short and is not one. */
private class LineReader(private val source: Reader) {
    private val buffer = CharArray(1 shl 16)
    private var start = 0
    private var end = 0
    /** The start of a line that runs past the end of [buffer]. */
    private val carried = StringBuilder()

    /** Lines read so far; the number of the last one. */
    var count = 0
        private set

    fun next(): String? {
        while (true) {
            for (index in start until end) {
                if (buffer[index] != '\n') continue
                val line = if (carried.isEmpty()) {
                    String(buffer, start, index - start)
                } else {
                    carried.append(buffer, start, index - start).toString().also { carried.setLength(0) }
                }
                start = index + 1
                count++
                return line
            }
            carried.append(buffer, start, end - start)
            val read = source.read(buffer)
            if (read < 0) return null
            start = 0
            end = read
        }
    }
}
