/**
 * The queues between logging threads and appenders on Logback: their settings, probes, drain and
 * readings; asynclog's own rings run them.
 * <p>
 * May use: {@code core.*}, {@code logback.appender}, Logback, the Disruptor. Not:
 * {@code logback.config}, {@code logback.metrics}, {@code logback.lifecycle}, {@code log4j2.*},
 * {@code autoconfigure.*}.
 */
package io.asynclog.logback.queue;
