package io.asynclog.loadtests.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.asynclog.loadtests.http.command.HttpComparisonCommand;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One short run of the comparison command, as the smoke tests make it: a fresh output folder
 * under {@code target/}, the report in its {@code report} folder, the progress printed, a
 * successful exit and exactly one row in {@code raw-runs.csv}.
 *
 * @param out the run's output folder
 * @param header the raw CSV's columns
 * @param row the run's row
 * @author asynclog
 */
record SmokeRun(Path out, List<String> header, List<String> row) {

	/**
	 * Runs the command with {@code --out} and {@code --report} added.
	 * @param folder the output folder's name under {@code target/}
	 */
	static SmokeRun run(String folder, String... args) throws IOException {
		Path out = Path.of("target", folder).toAbsolutePath();
		SingleRun.deleteTree(out);
		List<String> command = new ArrayList<>(List.of(args));
		command.addAll(List.of("--out", out.toString(), "--report", out.resolve("report").toString()));
		ByteArrayOutputStream progress = new ByteArrayOutputStream();
		int exitCode;
		try (PrintStream log = new PrintStream(progress, true, StandardCharsets.UTF_8)) {
			exitCode = HttpComparisonCommand.run(log, command.toArray(String[]::new));
		}
		String text = progress.toString(StandardCharsets.UTF_8);
		System.out.print(text);
		assertEquals(0, exitCode, () -> "exit code; progress:\n" + text);
		List<String> csv = Files.readAllLines(out.resolve("raw-runs.csv"));
		assertEquals(2, csv.size(), () -> "one row expected:\n" + String.join("\n", csv));
		return new SmokeRun(out, List.of(csv.get(0).split(",", -1)), List.of(csv.get(1).split(",", -1)));
	}

	Path report() {
		return this.out.resolve("report");
	}

	String cell(String column) {
		int index = this.header.indexOf(column);
		assertTrue(index >= 0, "column " + column);
		return this.row.get(index);
	}

}
