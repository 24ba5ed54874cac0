/**
 * What both backends tell of an appender: its reading, its logger routes, whether it ships records
 * off the box, and the appenders whose file did not open.
 * <p>
 * May use: {@code core.*}. Not: a backend, {@code autoconfigure.*}, Log4j2, Logback, the
 * Disruptor.
 */
package io.asynclog.core.appender;
