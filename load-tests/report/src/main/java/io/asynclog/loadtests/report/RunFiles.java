package io.asynclog.loadtests.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The raw files of a run: its CSV rows, written as the runner appends them and read back, their
 * copies kept beside the page made from them, its run-info properties and the report tools'
 * command line.
 *
 * @author asynclog
 */
public final class RunFiles {

	private RunFiles() {
	}

	/**
	 * Copies a run's raw CSV and run-info into the report directory under the page's names,
	 * unless they are already there.
	 * @param rawCsv the runner's raw CSV
	 * @param runInfo the runner's run-info
	 * @param reportDir where the page goes
	 * @param csvName the name of the CSV's copy
	 * @param runInfoName the name of the run-info's copy
	 * @throws IOException if a copy fails
	 */
	public static void copy(Path rawCsv, Path runInfo, Path reportDir, String csvName, String runInfoName)
			throws IOException {
		copy(rawCsv, reportDir.resolve(csvName));
		copy(runInfo, reportDir.resolve(runInfoName));
	}

	private static void copy(Path from, Path to) throws IOException {
		if (Files.isRegularFile(from) && !Files.isSameFile(from.getParent(), to.getParent())) {
			Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
		}
	}

	/** Appends rows to a run's CSV file, with its header first if the file is new. */
	public static void appendRows(Path csv, String header, String rows) throws IOException {
		Files.writeString(csv, (Files.exists(csv) ? "" : header + "\n") + rows, StandardOpenOption.CREATE,
				StandardOpenOption.APPEND);
	}

	/**
	 * The rows of a CSV file's lines, each its cells by the header's column names; blank lines
	 * are skipped.
	 * @param lines the file's lines, the header first
	 * @return the rows, in the file's order
	 * @throws IllegalArgumentException if there is no header, or a row has another number of cells
	 */
	public static List<Map<String, String>> csvRows(List<String> lines) {
		if (lines.isEmpty()) {
			throw new IllegalArgumentException("empty CSV");
		}
		String[] header = lines.get(0).split(",", -1);
		return lines.stream().skip(1).filter((line) -> !line.isBlank()).map((line) -> {
			String[] cells = line.split(",", -1);
			if (cells.length != header.length) {
				throw new IllegalArgumentException(cells.length + " cells where the header has " + header.length + ": "
						+ line);
			}
			Map<String, String> row = new LinkedHashMap<>();
			for (int i = 0; i < header.length; i++) {
				row.put(header[i], cells[i]);
			}
			return row;
		}).toList();
	}

	/** A run-info properties file, read as UTF-8; empty when the file is missing, so the page shows the gaps. */
	public static Properties properties(Path file) throws IOException {
		Properties properties = new Properties();
		if (Files.isRegularFile(file)) {
			try (var reader = Files.newBufferedReader(file)) {
				properties.load(reader);
			}
		}
		return properties;
	}

	/** Exits with status 2 after printing {@code usage} unless the command line has {@code count} arguments. */
	public static void requireArgs(String[] args, int count, String usage) {
		if (args.length != count) {
			System.err.println(usage);
			System.exit(2);
		}
	}

}
