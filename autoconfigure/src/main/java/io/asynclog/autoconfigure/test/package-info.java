/**
 * Test support: {@code @AutoConfigureAsyncLogging} and the logging of test contexts.
 * <p>
 * May use: {@code core.*}, Spring Boot's test support. Not: {@code log4j2.*}, {@code logback.*}.
 */
package io.asynclog.autoconfigure.test;
