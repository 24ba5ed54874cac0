/**
 * The OTLP sender of a lane, its records, and the checks of an OTLP appender's settings.
 * <p>
 * May use: {@code core.*}, OpenTelemetry's exporter. Not: a backend, {@code autoconfigure.*},
 * Log4j2, Logback.
 */
package io.asynclog.core.lane.otlp;
