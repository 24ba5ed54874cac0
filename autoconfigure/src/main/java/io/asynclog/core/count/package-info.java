/**
 * Counters both backends feed per appender: its failed writes and the events it was not given.
 * <p>
 * May use: {@code core.*}. Not: a backend, {@code autoconfigure.*}, Log4j2, Logback, the
 * Disruptor.
 */
package io.asynclog.core.count;
