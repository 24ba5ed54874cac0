package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * Writes the report of the {@code virtual-threads} matrix ({@code http-virtual-threads.md}): the
 * busy-core app serving requests on virtual threads, on a JDK that has them. Its targets: no line
 * lost, no virtual thread pinned to its carrier in asynclog's frames, CPU per request of each
 * asynclog mode at most sync's, order as good as sync's. The tables and the CPU chart are the
 * busy-core report's. Usage: {@code RAW_CSV RUN_INFO REPORT_DIR}, as {@link Page#main}.
 *
 * @author asynclog
 */
public final class VirtualThreadsReport {

	public static final String MARKDOWN = "http-virtual-threads.md";

	static final Page PAGE = new Page("VirtualThreadsReport", "http-virtual-threads");

	static final String CPU_CHART = "http-virtual-threads-cpu.png";

	private VirtualThreadsReport() {
	}

	public static void main(String[] args) throws IOException {
		PAGE.main(args, VirtualThreadsReport::render);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		PAGE.write(rawCsv, runInfo, reportDir, VirtualThreadsReport::render);
	}

	private static String render(List<RunRecord> records, RunInfo info, Path dir) throws IOException {
		RoundRuns runs = BusyCoreReport.runs(records);
		String title = "App CPU per request by thread group, virtual threads (median)" + info.where();
		ComparisonCharts.save(BusyCoreReport.cpuChart(title, runs), title, dir.resolve(CPU_CHART), BusyCoreReport.WIDTH,
				BusyCoreReport.HEIGHT);
		StringBuilder md = PAGE.head("HTTP comparison: virtual threads", info, dir);
		Page.rounds(md, info);
		md.append("- Placement: ").append(info.pinning()).append("; the busy-core app with"
				+ " `spring.threads.virtual.enabled=true`, the busy-core page's columns; request threads are the"
				+ " carriers.\n\n");
		Target.table(md, targets(runs));
		List<RoundRuns.Row> left = new ArrayList<>(runs.rows());
		int number = BusyCoreReport.section(md, 1, "Log4j2, virtual threads, one busy core: Spring Boot's console", left,
				(config) -> !config.logback());
		number = BusyCoreReport.section(md, number, "Logback, virtual threads, one busy core: Spring Boot's console",
				left, RunConfig::logback);
		Fmt.table(md, number + ". Pinned virtual threads", List.of("configuration", "pinned events, all rounds",
				"in asynclog's frames"), runs.rows().stream(), (row) -> new Object[] { label(row.config()),
					Fmt.number(row.runs().stream().mapToDouble(RunRecord::pinnedEvents).sum()),
					Fmt.number(row.runs().stream().mapToDouble(RunRecord::pinnedInAsynclog).sum()) });
		md.append("![CPU per request by thread group](").append(CPU_CHART).append(")\n\n");
		return md.toString();
	}

	static List<Target> targets(RoundRuns runs) {
		List<Target> targets = new ArrayList<>();
		targets.add(BusyCoreReport.everyLineWritten(runs));
		targets.add(noneInAsynclog(runs));
		runs.rows()
			.stream()
			.filter((row) -> !row.config().loggingOff() && !row.config().csvMode().equals("sync"))
			.forEach((row) -> targets.add(cpuAtMostSync(row)));
		targets.add(BusyCoreReport.order(runs));
		return List.copyOf(targets);
	}

	private static Target noneInAsynclog(RoundRuns runs) {
		String name = "no virtual thread pinned in asynclog's frames (JFR jdk.VirtualThreadPinned, every"
				+ " duration)";
		List<RunRecord> recorded = runs.runs().stream().filter((run) -> !Double.isNaN(run.pinnedEvents())).toList();
		if (recorded.isEmpty()) {
			return Target.notMeasured(name);
		}
		double inAsynclog = recorded.stream().mapToDouble(RunRecord::pinnedInAsynclog).reduce(0, Double::sum);
		String figures = String.format(Locale.ROOT, "%s pinned events in %d recorded runs, %s of them in asynclog's frames",
				Fmt.number(recorded.stream().mapToDouble(RunRecord::pinnedEvents).reduce(0, Double::sum)),
				recorded.size(), Fmt.number(inAsynclog));
		boolean met = inAsynclog == 0;
		return Target.of(name, met, figures, met ? "none" : Fmt.number(inAsynclog) + " too many");
	}

	private static Target cpuAtMostSync(RoundRuns.Row row) {
		String name = label(row.config()) + ": CPU per request ≤ sync's";
		Stats ratio = BusyCoreReport.cpuToSync(row);
		if (!ratio.measured()) {
			return Target.notMeasured(name);
		}
		String figures = Fmt.ratioOverRounds(ratio) + ", " + Fmt.withSpread(BusyCoreReport.cpuUs(row)) + " µs a request";
		boolean met = ratio.median() <= 1.0;
		return Target.of(name, met, figures, Target.by(met, "under", "over", 1.0 - ratio.median()));
	}

	private static String label(RunConfig config) {
		return (config.logback() ? "Logback " : "Log4j2 ") + BusyCoreReport.label(config);
	}

}
