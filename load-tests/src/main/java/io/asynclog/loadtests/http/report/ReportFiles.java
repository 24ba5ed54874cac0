package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * What every HTTP comparison page does with its files: keeps a copy of the run's raw CSV and
 * run-info beside the page, and reads the hand-written notes the page includes.
 *
 * @author asynclog
 */
final class ReportFiles {

	private ReportFiles() {
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
	static void copyRunFiles(Path rawCsv, Path runInfo, Path reportDir, String csvName, String runInfoName)
			throws IOException {
		copy(rawCsv, reportDir.resolve(csvName));
		copy(runInfo, reportDir.resolve(runInfoName));
	}

	/**
	 * Reads the hand-written notes beside the page.
	 * @param reportDir where the page goes
	 * @param notesName the notes file's name
	 * @return the notes, or {@code null} when there are none
	 * @throws IOException if they cannot be read
	 */
	static String notes(Path reportDir, String notesName) throws IOException {
		Path notes = reportDir.resolve(notesName);
		return Files.isRegularFile(notes) ? Files.readString(notes, StandardCharsets.UTF_8) : null;
	}

	private static void copy(Path from, Path to) throws IOException {
		if (Files.isRegularFile(from) && !Files.isSameFile(from.getParent(), to.getParent())) {
			Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
		}
	}

}
