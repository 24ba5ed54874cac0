/**
 * What Log4j2 counts for asynclog's meters: each appender's failures ({@code ErrorCounter}) and
 * the exact {@code log4j2.events} counter.
 * <p>
 * May use: {@code core.*}, {@code log4j2.appender}, {@code log4j2.queue}, Log4j2, Micrometer. Not:
 * {@code log4j2.config}, {@code log4j2.lifecycle}, {@code logback.*}, {@code autoconfigure.*}.
 */
package io.asynclog.log4j2.metrics;
