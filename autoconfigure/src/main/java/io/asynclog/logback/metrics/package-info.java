/**
 * What Logback counts for asynclog's meters: each appender's failures ({@code ErrorCounter}).
 * <p>
 * May use: {@code core.*}, {@code logback.appender}, {@code logback.queue}, Logback. Not:
 * {@code logback.config}, {@code logback.lifecycle}, {@code log4j2.*}, {@code autoconfigure.*}.
 */
package io.asynclog.logback.metrics;
