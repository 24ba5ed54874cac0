/**
 * Logback's side of asynclog's own appenders: the batching console, the remote appenders and the
 * file appenders that count failed writes.
 * <p>
 * May use: {@code core.*}, Logback. Not: other {@code logback.*} packages, {@code log4j2.*},
 * {@code autoconfigure.*}.
 */
package io.asynclog.logback.appender;
