package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import io.asynclog.loadtests.report.Fmt;

/**
 * Writes {@code docs/results/jmh.md}, its charts, a summary CSV and a copy of the raw results
 * from one run of {@code load-tests/scripts/jmh.sh}; from a {@code --logback} run (its run-info
 * says {@code suite=logback}), {@code docs/results/jmh-logback.md} and its files instead.
 */
public final class JmhReport {

	static final String PAGE = "jmh.md";

	static final String NOTES = "jmh-notes.md";

	static final String SUMMARY = "jmh-summary.csv";

	static final String RAW = "jmh-raw";

	static final String LOGBACK_SUITE = "logback";

	static final String LOGBACK_PAGE = "jmh-logback.md";

	static final String LOGBACK_NOTES = "jmh-logback-notes.md";

	static final String LOGBACK_SUMMARY = "jmh-logback-summary.csv";

	static final String LOGBACK_RAW = "jmh-logback-raw";

	private static final String RUN_INFO = "run-info.properties";

	private static final String SUMMARY_HEADER = "benchmark,threads,params,score,error,unit,alloc_bytes_per_op\n";

	private JmhReport() {
	}

	/**
	 * Reads a run's directory and writes the report.
	 * @param args the run's output directory, then the results directory
	 */
	public static void main(String[] args) throws IOException {
		if (args.length != 2) {
			System.err.println("Usage: JmhReport <run output dir> <docs/results dir>");
			System.exit(2);
		}
		Path page = write(Path.of(args[0]), Path.of(args[1]));
		System.out.println("Wrote " + page);
	}

	/**
	 * Writes the report.
	 * @param runDir the run's output directory
	 * @param resultsDir where the page, charts and raw files go
	 * @return the page
	 */
	public static Path write(Path runDir, Path resultsDir) throws IOException {
		Properties info = new Properties();
		Path infoFile = runDir.resolve(RUN_INFO);
		if (Files.exists(infoFile)) {
			try (var in = Files.newBufferedReader(infoFile)) {
				info.load(in);
			}
		}
		if (LOGBACK_SUITE.equals(info.getProperty("suite"))) {
			return writeLogback(runDir, resultsDir, info);
		}
		JmhResults results = JmhResults.read(runDir);
		Files.createDirectories(resultsDir);
		Path notes = resultsDir.resolve(NOTES);
		JmhMarkdown markdown = new JmhMarkdown(results, info, Files.exists(notes) ? NOTES : null);
		Path page = resultsDir.resolve(PAGE);
		Files.writeString(page, markdown.render());
		markdown.drawCharts(resultsDir);
		Files.writeString(resultsDir.resolve(SUMMARY), summaryCsv(results));
		copyRaw(runDir, resultsDir.resolve(RAW));
		return page;
	}

	/** The Logback page from the {@code round-N} directories of a {@code --logback} run. */
	private static Path writeLogback(Path runDir, Path resultsDir, Properties info) throws IOException {
		LogbackRounds rounds = LogbackRounds.read(runDir);
		if (rounds.count() == 0) {
			throw new IOException("No round-N directory in " + runDir + ": not the output of jmh.sh --logback");
		}
		Files.createDirectories(resultsDir);
		Path notes = resultsDir.resolve(LOGBACK_NOTES);
		JmhLogbackMarkdown markdown = new JmhLogbackMarkdown(rounds, info, Files.exists(notes) ? LOGBACK_NOTES : null);
		Path page = resultsDir.resolve(LOGBACK_PAGE);
		Files.writeString(page, markdown.render());
		markdown.drawCharts(resultsDir);
		StringBuilder csv = new StringBuilder("round,").append(SUMMARY_HEADER);
		for (int round = 0; round < rounds.count(); round++) {
			csv.append(summaryRows(rounds.rounds().get(round), (round + 1) + ","));
		}
		Files.writeString(resultsDir.resolve(LOGBACK_SUMMARY), csv);
		Path rawDir = resultsDir.resolve(LOGBACK_RAW);
		List<Path> roundDirs;
		try (Stream<Path> list = Files.list(runDir)) {
			roundDirs = list.filter(LogbackRounds::isRound).toList();
		}
		if (Files.isDirectory(rawDir) && !Files.isSameFile(rawDir, runDir)) {
			// Rounds of an earlier, longer run would otherwise join this one's when the page is rebuilt.
			deleteRounds(rawDir);
		}
		for (Path roundDir : roundDirs) {
			copyRaw(roundDir, rawDir.resolve(roundDir.getFileName().toString()));
		}
		Path infoFile = runDir.resolve(RUN_INFO);
		if (Files.exists(infoFile)) {
			Files.copy(infoFile, rawDir.resolve(RUN_INFO), StandardCopyOption.REPLACE_EXISTING);
		}
		return page;
	}

	/**
	 * Appends a page's title, where it comes from, the links to its notes and to the method, and the
	 * run's command, machine and JDK.
	 * @param rawDir the directory of raw results the page is built from
	 * @param notes the notes' file name, or {@code null}
	 * @param defaultCommand the command when the run-info does not say
	 * @param runTail what the run line ends with before its full stop
	 */
	static void head(StringBuilder out, String title, String rawDir, Properties info, String notes, String defaultCommand,
			String runTail) {
		out.append("# ").append(title).append("\n\n");
		out.append("Generated by `io.asynclog.loadtests.jmh.JmhReport` from `").append(rawDir).append("/` (rebuild:"
				+ " [benchmarks.md](../benchmarks.md#the-report)); setups and method: [benchmarks.md](../benchmarks.md).");
		if (notes != null) {
			out.append(" Notes: [").append(notes).append("](").append(notes).append(").");
		}
		out.append("\n\n- Run: `").append(info.getProperty("command", defaultCommand)).append("`, JMH ")
			.append(info.getProperty("jmh", "1.37")).append(", ").append(info.getProperty("minutes", "?"))
			.append(" minutes from ").append(info.getProperty("started", "?")).append("; ")
			.append(info.getProperty("cpu", "?")).append(", ").append(info.getProperty("cores", "?")).append(" cores, ")
			.append(info.getProperty("memory", "?")).append(", ").append(info.getProperty("os", "?")).append("; JDK ")
			.append(info.getProperty("jdk", "?")).append(", G1").append(runTail).append(".\n");
	}

	private static void deleteRounds(Path rawDir) throws IOException {
		List<Path> stale;
		try (Stream<Path> list = Files.list(rawDir)) {
			stale = list.filter(LogbackRounds::isRound).toList();
		}
		for (Path round : stale) {
			try (Stream<Path> files = Files.list(round)) {
				for (Path file : files.toList()) {
					Files.delete(file);
				}
			}
			Files.delete(round);
		}
	}

	private static String summaryCsv(JmhResults results) {
		return SUMMARY_HEADER + summaryRows(results, "");
	}

	private static String summaryRows(JmhResults results, String prefix) {
		StringBuilder csv = new StringBuilder();
		for (JmhResult result : results.results()) {
			String params = result.params().entrySet().stream().map((e) -> e.getKey() + "=" + e.getValue())
				.reduce((a, b) -> a + ";" + b).orElse("");
			csv.append(prefix).append(result.benchmark()).append(',').append(result.threads()).append(',').append(params).append(',')
				.append(Fmt.csv(result.score())).append(',').append(Fmt.csv(result.error())).append(',')
				.append(result.unit()).append(',').append(Fmt.csv(result.allocationPerCall())).append('\n');
		}
		return csv.toString();
	}

	private static void copyRaw(Path runDir, Path rawDir) throws IOException {
		Files.createDirectories(rawDir);
		List<Path> files = new ArrayList<>();
		try (Stream<Path> list = Files.list(runDir)) {
			list.filter((f) -> {
				String name = f.getFileName().toString();
				return name.endsWith(".json") || name.endsWith(".jsonl") || name.endsWith(".properties");
			}).forEach(files::add);
		}
		for (Path file : files) {
			Files.copy(file, rawDir.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
		}
	}

}
