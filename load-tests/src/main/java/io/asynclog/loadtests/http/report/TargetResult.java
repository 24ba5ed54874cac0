package io.asynclog.loadtests.http.report;

/**
 * The outcome of one target.
 *
 * @param target what was required, such as "async-logger/3/flush/study TPS ≥ 2.0× sync/3/flush/study"
 * @param status met, missed or not measured
 * @param figures the numbers behind the outcome
 * @author asynclog
 */
public record TargetResult(String target, Status status, String figures) {

	/** Whether a target was met. */
	public enum Status {

		MET("met"), MISSED("missed"), NOT_MEASURED("not measured");

		private final String label;

		Status(String label) {
			this.label = label;
		}

		public String label() {
			return this.label;
		}

	}

}
