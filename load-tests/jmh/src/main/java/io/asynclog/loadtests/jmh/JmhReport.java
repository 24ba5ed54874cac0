package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.asynclog.loadtests.jmh.JmhResults.JmhResult;
import io.asynclog.loadtests.report.Fmt;

/**
 * Writes {@code docs/results/jmh.md}, its charts, a summary CSV and a copy of the raw results
 * from one run of {@code load-tests/scripts/jmh.sh}; from a {@code --logback} run (its run-info
 * says {@code suite=logback}), {@code docs/results/jmh-logback.md} and its files instead, from the
 * run's {@code round-N} directories.
 */
public final class JmhReport {

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
		System.out.println("Wrote " + write(Path.of(args[0]), Path.of(args[1])));
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
		boolean logback = "logback".equals(info.getProperty("suite"));
		List<Path> roundDirs = logback ? rounds(runDir) : List.of(runDir);
		if (roundDirs.isEmpty()) {
			throw new IOException("No round-N directory in " + runDir + ": not the output of jmh.sh --logback");
		}
		List<JmhResults> rounds = new ArrayList<>();
		for (Path dir : roundDirs) {
			rounds.add(JmhResults.read(dir));
		}
		String name = logback ? "jmh-logback" : "jmh";
		Files.createDirectories(resultsDir);
		String notes = Files.exists(resultsDir.resolve(name + "-notes.md")) ? name + "-notes.md" : null;
		JmhPage markdown = logback ? new JmhLogbackMarkdown(rounds, info, notes) : new JmhMarkdown(rounds.get(0), info, notes);
		Path page = resultsDir.resolve(name + ".md");
		Files.writeString(page, markdown.render());
		markdown.drawCharts(resultsDir);
		StringBuilder csv = new StringBuilder(logback ? "round," : "").append(SUMMARY_HEADER);
		for (int round = 0; round < rounds.size(); round++) {
			for (JmhResult result : rounds.get(round).results()) {
				csv.append(logback ? (round + 1) + "," : "").append(result.benchmark()).append(',').append(result.threads())
					.append(',').append(result.params().entrySet().stream().map((e) -> e.getKey() + "=" + e.getValue())
						.collect(Collectors.joining(";")))
					.append(',').append(Fmt.csv(result.score())).append(',').append(Fmt.csv(result.error())).append(',')
					.append(result.unit()).append(',').append(Fmt.csv(result.allocationPerCall())).append('\n');
			}
		}
		Files.writeString(resultsDir.resolve(name + "-summary.csv"), csv);
		Path rawDir = resultsDir.resolve(name + "-raw");
		if (!logback) {
			copyRaw(runDir, rawDir);
			return page;
		}
		if (Files.isDirectory(rawDir) && !Files.isSameFile(rawDir, runDir)) {
			// Rounds of an earlier, longer run would otherwise join this one's when the page is rebuilt.
			for (Path stale : rounds(rawDir)) {
				try (Stream<Path> files = Files.list(stale)) {
					for (Path file : files.toList()) {
						Files.delete(file);
					}
				}
				Files.delete(stale);
			}
		}
		for (Path roundDir : roundDirs) {
			copyRaw(roundDir, rawDir.resolve(roundDir.getFileName().toString()));
		}
		if (Files.exists(infoFile)) {
			Files.copy(infoFile, rawDir.resolve(RUN_INFO), StandardCopyOption.REPLACE_EXISTING);
		}
		return page;
	}

	/** A {@code --logback} run's {@code round-N} directories, in round order. */
	private static List<Path> rounds(Path runDir) throws IOException {
		try (Stream<Path> list = Files.list(runDir)) {
			return list.filter((dir) -> Files.isDirectory(dir) && dir.getFileName().toString().matches("round-\\d+"))
				.sorted(Comparator.comparingInt((dir) -> Integer.parseInt(dir.getFileName().toString().substring(6))))
				.toList();
		}
	}

	private static void copyRaw(Path runDir, Path rawDir) throws IOException {
		Files.createDirectories(rawDir);
		List<Path> files;
		try (Stream<Path> list = Files.list(runDir)) {
			files = list.filter((f) -> f.getFileName().toString().matches(".*\\.(json|jsonl|properties)")).toList();
		}
		for (Path file : files) {
			Files.copy(file, rawDir.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
		}
	}

}
