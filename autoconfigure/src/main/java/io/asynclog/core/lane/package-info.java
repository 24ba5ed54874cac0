/**
 * The lane that ships records off the box for a remote appender: its thread, its spool and its
 * sender, for both backends.
 * <p>
 * May use: {@code core.*}. Not: a backend, {@code autoconfigure.*}, Log4j2, Logback, the
 * Disruptor.
 */
package io.asynclog.core.lane;
