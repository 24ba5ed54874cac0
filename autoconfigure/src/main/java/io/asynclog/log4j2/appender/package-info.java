/**
 * Log4j2's side of asynclog's own appenders: the batching console, the remote appenders and the
 * shutdown cutoff.
 * <p>
 * May use: {@code core.*}, Log4j2. Not: other {@code log4j2.*} packages, {@code logback.*},
 * {@code autoconfigure.*}.
 */
package io.asynclog.log4j2.appender;
