/**
 * The queues between logging threads and appenders on Log4j2: their settings, probes, drain and
 * readings; Log4j2's own async loggers and AsyncAppenders run them.
 * <p>
 * May use: {@code core.*}, {@code log4j2.appender}, Log4j2, the Disruptor. Not:
 * {@code log4j2.config}, {@code log4j2.metrics}, {@code log4j2.lifecycle}, {@code logback.*},
 * {@code autoconfigure.*}.
 */
package io.asynclog.log4j2.queue;
