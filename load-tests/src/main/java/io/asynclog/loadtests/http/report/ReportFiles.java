package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * What every HTTP comparison page does with its files: reads the run's raw CSV and run-info,
 * keeps a copy of both beside the page, reads the hand-written notes the page includes, and
 * writes the page.
 *
 * @author asynclog
 */
final class ReportFiles {

	private ReportFiles() {
	}

	/**
	 * The command line of a page's report tool: {@code RAW_CSV RUN_INFO REPORT_DIR}.
	 * @param args the arguments
	 * @param page the page
	 * @param writer the tool's {@code write}
	 * @throws IOException if the page cannot be written
	 */
	static void main(String[] args, Page page, PageWriter writer) throws IOException {
		if (args.length != 3) {
			System.err.println("usage: " + page.tool() + " RAW_CSV RUN_INFO REPORT_DIR");
			System.exit(2);
			return;
		}
		writer.write(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
		System.out.println("Wrote " + Path.of(args[2]).resolve(page.markdown()));
	}

	/**
	 * Writes a page: its charts and Markdown from the runs, with copies of the run's files and
	 * the notes beside it.
	 * @param rawCsv the runner's raw CSV
	 * @param runInfo the runner's run-info
	 * @param reportDir where the page goes
	 * @param page the page's file names
	 * @param renderer draws the charts into the report directory and returns the Markdown
	 * @throws IOException if a file cannot be read or written
	 */
	static void writePage(Path rawCsv, Path runInfo, Path reportDir, Page page, Renderer renderer) throws IOException {
		List<RunRecord> records = RawCsvReader.read(rawCsv);
		RunInfo info = RunInfo.load(runInfo);
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
		Files.createDirectories(reportDir);
		copyRunFiles(rawCsv, runInfo, reportDir, page.rawCsv(), page.runInfo());
		String markdown = renderer.render(records, info, reportDir, notes(reportDir, page.notes()));
		Files.writeString(reportDir.resolve(page.markdown()), markdown, StandardCharsets.UTF_8);
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

	/**
	 * The files of one page.
	 * @param tool the report tool's class name, for its usage line
	 * @param markdown the page
	 * @param rawCsv the copy of the raw CSV
	 * @param runInfo the copy of the run-info
	 * @param notes the hand-written notes it includes
	 */
	record Page(String tool, String markdown, String rawCsv, String runInfo, String notes) {
	}

	/** A report tool's {@code write(RAW_CSV, RUN_INFO, REPORT_DIR)}. */
	@FunctionalInterface
	interface PageWriter {

		void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException;

	}

	/** Draws a page's charts and returns its Markdown. */
	@FunctionalInterface
	interface Renderer {

		String render(List<RunRecord> records, RunInfo info, Path reportDir, String notes) throws IOException;

	}

}
