package io.asynclog.core.queue;

/**
 * The share of a span of wall-clock time a background thread was busy, as the endpoint
 * shows it.
 *
 * @param share from 0 (waited for work the whole span) to 1 (never waited: the thread is the
 * limit), to three decimals
 * @param over the span, as an ISO-8601 duration
 * @author asynclog
 */
public record BusyShare(double share, String over) {

}
