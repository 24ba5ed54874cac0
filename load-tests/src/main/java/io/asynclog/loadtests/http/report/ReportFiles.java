package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * What every HTTP comparison page does with its files: reads the run's raw CSV and run-info,
 * keeps a copy of both beside the page, and writes the page, which links to its hand-written
 * notes.
 *
 * @author asynclog
 */
public final class ReportFiles {

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
	 * Writes a page: its charts and Markdown from the runs, with copies of the run's files
	 * beside it.
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
		String markdown = renderer.render(records, info, reportDir);
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
	public static void copyRunFiles(Path rawCsv, Path runInfo, Path reportDir, String csvName, String runInfoName)
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
	public static String notes(Path reportDir, String notesName) throws IOException {
		Path notes = reportDir.resolve(notesName);
		return Files.isRegularFile(notes) ? Files.readString(notes, StandardCharsets.UTF_8) : null;
	}

	/**
	 * A link to the HTTP method's description in {@code docs/load-tests.md} when the page is
	 * under {@code docs/}, otherwise the file's name.
	 */
	static String methodLink(Path reportDir) {
		Path dir = reportDir.toAbsolutePath().normalize();
		for (Path docs = dir; docs != null; docs = docs.getParent()) {
			if (Files.isRegularFile(docs.resolve(LOAD_TESTS_DOC))) {
				String link = dir.relativize(docs.resolve(LOAD_TESTS_DOC)).toString().replace('\\', '/');
				return "[load-tests.md](" + link + "#what-is-measured)";
			}
		}
		return "`docs/" + LOAD_TESTS_DOC + "`";
	}

	private static final String LOAD_TESTS_DOC = "load-tests.md";

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

		/**
		 * Appends the page's title, which tool generated it from which raw file, where its notes
		 * and the method are, and the run's date, machine, JDK and command. The notes are linked,
		 * not copied in: they are read once, where they are written.
		 * @param md the page so far
		 * @param title the title
		 * @param info the run
		 * @param reportDir where the page goes
		 */
		void head(StringBuilder md, String title, RunInfo info, Path reportDir) {
			md.append("# ").append(title).append("\n\n");
			md.append("Generated by `io.asynclog.loadtests.http.report.").append(this.tool).append("` from `")
				.append(this.rawCsv).append("`; method: ").append(ReportFiles.methodLink(reportDir)).append('.');
			if (Files.isRegularFile(reportDir.resolve(this.notes))) {
				md.append(" Notes: [").append(this.notes).append("](").append(this.notes).append(").");
			}
			md.append("\n\n- Run: ").append(info.date()).append(", ").append(info.machine()).append("; JDK ")
				.append(info.jdk()).append(", Gatling ").append(info.gatlingVersion()).append('\n');
			md.append("- Command: `").append(info.command()).append("`\n");
		}

		/**
		 * Appends how the closed-model runs of a matrix measured in interleaved rounds were made.
		 * @param md the page so far
		 * @param info the run
		 */
		void rounds(StringBuilder md, RunInfo info) {
			md.append("- Each run: ").append(info.users()).append(" users, ").append(info.durationSeconds())
				.append(" s after ").append(info.warmupSeconds()).append(" s of warm-up")
				.append(info.wideWarmup() ? " on both CPUs" : "").append("; ").append(info.repeats())
				.append(" interleaved rounds; medians (min–max over the rounds).\n");
		}

	}

	/** A report tool's {@code write(RAW_CSV, RUN_INFO, REPORT_DIR)}. */
	@FunctionalInterface
	interface PageWriter {

		void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException;

	}

	/** Draws a page's charts and returns its Markdown. */
	@FunctionalInterface
	interface Renderer {

		String render(List<RunRecord> records, RunInfo info, Path reportDir) throws IOException;

	}

}
