package io.asynclog.loadtests.shipping.run;

/**
 * The result of checking the sink after the run.
 *
 * @author asynclog
 */
record Check(boolean passed, String detail, long recordBytes) {
}
