package io.asynclog.loadtests.http.report;

import java.util.List;
import java.util.Locale;

import io.asynclog.loadtests.report.Fmt;

/**
 * The outcome of one target, computed from the runs rather than asserted: every study's pages
 * list their targets in one table.
 *
 * @param target what was required
 * @param status met, missed or not measured
 * @param figures the numbers behind the outcome
 * @param margin by how much it was met or missed, or why it was missed; may be empty
 * @author asynclog
 */
public record Target(String target, Status status, String figures, String margin) {

	static Target notMeasured(String target) {
		return new Target(target, Status.NOT_MEASURED, Fmt.DASH, Fmt.DASH);
	}

	static Target of(String target, boolean met, String figures, String margin) {
		return new Target(target, met ? Status.MET : Status.MISSED, figures, margin);
	}

	/** By how much a ratio is on its side of a limit, such as {@code over by 0.08×}. */
	static String by(boolean met, String metWord, String missedWord, double difference) {
		return String.format(Locale.ROOT, "%s by %.2f×", met ? metWord : missedWord, Math.abs(difference));
	}

	/**
	 * Appends the page's targets section: the measured targets as a table, missed ones in bold,
	 * then the names of those this run could not measure, which have no figures to show.
	 */
	static void table(StringBuilder md, List<Target> targets) {
		md.append("## Targets\n\n| target | measured | result | by how much |\n|---|---|---|---|\n");
		for (Target target : targets) {
			if (target.status() != Status.NOT_MEASURED || !Fmt.DASH.equals(target.figures())) {
				String status = target.status().label();
				Fmt.tableRow(md, target.target(), target.figures(),
						(target.status() == Status.MET) ? status : "**" + status + "**", target.margin());
			}
		}
		List<String> notMeasured = targets.stream()
			.filter((target) -> target.status() == Status.NOT_MEASURED && Fmt.DASH.equals(target.figures()))
			.map(Target::target)
			.toList();
		if (!notMeasured.isEmpty()) {
			md.append("\nNot measured in this run: ").append(String.join("; ", notMeasured)).append(".\n");
		}
		md.append('\n');
	}

	public enum Status {

		MET, MISSED, NOT_MEASURED;

		/** As the page prints it, such as "not measured". */
		public String label() {
			return name().toLowerCase(Locale.ROOT).replace('_', ' ');
		}

	}

}
