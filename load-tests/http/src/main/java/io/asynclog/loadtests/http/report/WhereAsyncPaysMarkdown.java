package io.asynclog.loadtests.http.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * Renders {@code http-where-async-pays.md}: lines per request, CPU placement, the slow sink,
 * open-model latency, the cost model's predictions against the measured figures, and the
 * targets, computed rather than asserted.
 *
 * @author asynclog
 */
final class WhereAsyncPaysMarkdown {

	private WhereAsyncPaysMarkdown() {
	}

	static String render(PaysRuns runs, CostModel model, List<Target> targets, RunInfo info, Path dir) {
		StringBuilder md = new StringBuilder();
		WhereAsyncPaysReport.PAGE.head(md, "HTTP comparison, part two: where async logging pays", info, dir);
		md.append("- Each closed-model run: ").append(info.users()).append(" users, ").append(info.durationSeconds())
			.append(" s after ").append(info.warmupSeconds()).append(" s of warm-up; ").append(info.repeats())
			.append(" repeats, medians (min–max). Open model: ").append(info.openRate())
			.append(" of each configuration's median closed-model TPS, one run each.\n");
		md.append("- Placement: ").append(info.pinning()).append("; `cores=2`: both CPUs for both. Slow sink: a console"
				+ " read at ").append(info.get("slow_sink.bytes_per_s")).append(" bytes/s.\n\n");

		md.append("## Targets\n\n");
		Target.table(md, targets);

		md.append("## 1. Lines per request (the app on one core, the load on the other)\n\n");
		Fmt.tableHead(md, "lines", "configuration", "TPS", "× sync", "× logging off", "p99 ms",
				"app CPU µs/request", "lines");
		for (RoundRuns.Row row : runs.closed().rows()) {
			RunConfig config = row.config();
			if (config.cores() != 1 || config.slowSink() || config.discard()) {
				continue;
			}
			Fmt.tableRow(md, config.linesPerRequest(), label(config), Fmt.withSpread(row.over(RunRecord::tps)),
					Fmt.ratio(row.medianRatioTo(PaysRuns.SYNC, RunRecord::tps)),
					Fmt.ratio(row.medianRatioTo(RunConfig.LOGGING_OFF, RunRecord::tps)),
					Fmt.number(row.over(RunRecord::p99Ms).median()), Fmt.number(PaysRuns.cpuUsPerRequest(row)), linesCell(row));
		}
		md.append('\n');

		md.append("## 2. CPU placement\n\n");
		Fmt.tableHead(md, "lines", "mode", "one core TPS", "both cores TPS", "both / one",
				"app CPU % (both)", "Gatling CPU % (both)");
		for (RoundRuns.Row row : runs.closed().rows()) {
			RunConfig config = row.config();
			if (config.cores() != 2) {
				continue;
			}
			double one = runs.closed(config.id().replace("/cores=2", "")).map((c) -> c.over(RunRecord::tps).median())
				.orElse(Double.NaN);
			Fmt.tableRow(md, config.linesPerRequest(), config.csvMode(), Fmt.number(one), Fmt.withSpread(row.over(RunRecord::tps)),
					Fmt.ratio(Stats.ratio(row.over(RunRecord::tps).median(), one)),
					Fmt.number(row.over(RunRecord::appCpuPct).median()), Fmt.number(row.over(RunRecord::gatlingCpuPct).median()));
		}
		md.append('\n');

		md.append("## 3. Slow sink\n\n");
		Fmt.tableHead(md, "configuration", "TPS", "× logging off", "p50 ms", "p99 ms",
				"queue peak (slots)", "dropped", "lines");
		for (RoundRuns.Row row : runs.closed().rows()) {
			if (!row.config().slowSink()) {
				continue;
			}
			Fmt.tableRow(md, label(row.config()), Fmt.withSpread(row.over(RunRecord::tps)), Fmt.ratio(row.medianRatioTo(RunConfig.LOGGING_OFF, RunRecord::tps)),
					Fmt.number(row.over(RunRecord::p50Ms).median()), Fmt.number(row.over(RunRecord::p99Ms).median()),
					Fmt.number(row.worst(RunRecord::queuePeak)), Fmt.number(row.worst(RunRecord::queueDropped)), linesCell(row));
		}
		md.append('\n');

		md.append("## 4. Open-model latency at shares of each configuration's own capacity\n\n");
		Fmt.tableHead(md, "configuration", "rate /s", "% of its closed TPS", "p50 ms", "p99 ms", "p99.9 ms", "KO");
		for (PaysRuns.Open row : runs.open()) {
			Fmt.tableRow(md, label(row.config()), Fmt.number(row.rate()), Fmt.number(row.percentOfCapacity()),
					Fmt.number(row.p50Ms().median()), Fmt.number(row.p99Ms().median()),
					Fmt.number(row.p999Ms().median()), Fmt.number(row.ko()));
		}
		md.append('\n');

		md.append("## 5. Cost model: predicted against measured TPS\n\n");
		JmhCosts jmh = model.jmh();
		md.append("Per-line costs from `jmh-summary.csv`, µs of one core: format and encode `f` = ").append(Fmt.number(jmh.formatUs())).append(" (")
			.append(JmhCosts.FORMAT_ROW).append("), flushed write `w` = ").append(Fmt.number(jmh.writeUs()))
			.append(" (").append(JmhCosts.FLUSH_ROW).append(" less `f`), hand-off `a` = ")
			.append(Fmt.number(jmh.asyncLoggerHandOffUs())).append(" for the async logger (")
			.append(JmhCosts.ASYNCLOG_ROW).append(") and ").append(Fmt.number(jmh.asyncAppenderHandOffUs()))
			.append(" for the AsyncAppender (").append(JmhCosts.ASYNC_APPENDER_ROW).append(").")
			.append(" The model: [load-tests.md](../load-tests.md#the-cost-model).\n\n");
		Fmt.tableHead(md, "configuration", "h µs", "logging µs/request", "predicted TPS", "measured TPS",
				"measured / predicted", "measured logging µs/line", "limited by");
		for (RoundRuns.Row row : runs.closed().rows()) {
			Optional<CostModel.Prediction> prediction = model.predict(row.config(), runs);
			if (prediction.isEmpty()) {
				continue;
			}
			CostModel.Prediction p = prediction.get();
			double measuredPerLine = (PaysRuns.cpuUsPerRequest(row) - p.httpUs()) / row.config().linesPerRequest();
			String ringFull = Double.isNaN(p.ringFullAfterSeconds()) ? ""
					: String.format(Locale.ROOT, " (ring full after %.0f s)", p.ringFullAfterSeconds());
			Fmt.tableRow(md, label(row.config()), Fmt.number(p.httpUs()), Fmt.number(p.loggingUs()), Fmt.number(p.tps()),
					Fmt.number(row.over(RunRecord::tps).median()), Fmt.ratio(Stats.ratio(row.over(RunRecord::tps).median(), p.tps())),
					Fmt.number(measuredPerLine), p.bound() + ringFull);
		}
		md.append('\n');
		md.append("![Measured and predicted TPS](").append(WhereAsyncPaysChart.TPS).append(")\n\n");

		return md.toString();
	}

	/** The configuration without the base every row shares. */
	static String label(RunConfig config) {
		List<String> parts = new ArrayList<>();
		parts.add(config.csvMode());
		if (!config.immediateFlush() && !config.loggingOff()) {
			parts.add("no flush");
		}
		if (config.linesPerRequest() != 1) {
			parts.add(config.linesPerRequest() + " lines");
		}
		if (config.cores() != 1) {
			parts.add(config.cores() + " cores");
		}
		if (config.slowSink()) {
			parts.add("slow sink");
		}
		if (config.discard()) {
			parts.add("discard");
		}
		return String.join(", ", parts);
	}

	/** One markdown table row. */
	private static String linesCell(RoundRuns.Row row) {
		return row.linesOk() ? "ok" : "**mismatch**";
	}

}
