package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import io.asynclog.loadtests.http.report.Fmt;

/**
 * Writes {@code docs/results/jmh.md}, its charts, a summary CSV and a copy of the raw results
 * from one run of {@code load-tests/scripts/jmh.sh}.
 */
public final class JmhReport {

	static final String PAGE = "jmh.md";

	static final String NOTES = "jmh-notes.md";

	static final String SUMMARY = "jmh-summary.csv";

	static final String RAW = "jmh-raw";

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
		JmhResults results = JmhResults.read(runDir);
		Properties info = new Properties();
		Path infoFile = runDir.resolve("run-info.properties");
		if (Files.exists(infoFile)) {
			try (var in = Files.newBufferedReader(infoFile)) {
				info.load(in);
			}
		}
		Files.createDirectories(resultsDir);
		Path notes = resultsDir.resolve(NOTES);
		String notesText = Files.exists(notes) ? Files.readString(notes) : null;
		JmhMarkdown markdown = new JmhMarkdown(results, info, notesText);
		Path page = resultsDir.resolve(PAGE);
		Files.writeString(page, markdown.render());
		markdown.drawCharts(resultsDir);
		Files.writeString(resultsDir.resolve(SUMMARY), summaryCsv(results));
		copyRaw(runDir, resultsDir.resolve(RAW));
		return page;
	}

	private static String summaryCsv(JmhResults results) {
		StringBuilder csv = new StringBuilder("benchmark,threads,params,score,error,unit,alloc_bytes_per_op\n");
		for (JmhResult result : results.results()) {
			String params = result.params().entrySet().stream().map((e) -> e.getKey() + "=" + e.getValue())
				.reduce((a, b) -> a + ";" + b).orElse("");
			csv.append(result.benchmark()).append(',').append(result.threads()).append(',').append(params).append(',')
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
