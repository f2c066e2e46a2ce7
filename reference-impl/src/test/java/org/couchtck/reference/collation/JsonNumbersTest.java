package org.couchtck.reference.collation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Numbers by exact value, as Erlang's {@code ==}-style comparison (both collations) orders them. */
class JsonNumbersTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void should_treat_an_integer_and_a_float_as_equal_when_they_have_the_same_value() throws Exception {
        // then
        assertThat(JsonNumbers.compare(json("1"), json("1.0"))).isZero();
        assertThat(JsonNumbers.compare(json("1e0"), json("1"))).isZero();
        assertThat(JsonNumbers.compare(json("0"), json("-0.0"))).isZero();
        assertThat(JsonNumbers.compare(DoubleNode.valueOf(0.0), DoubleNode.valueOf(-0.0))).isZero();
        assertThat(JsonNumbers.compare(IntNode.valueOf(3), FloatNode.valueOf(3f))).isZero();
        assertThat(JsonNumbers.compare(DecimalNode.valueOf(new BigDecimal("2.50")), DoubleNode.valueOf(2.5))).isZero();
    }

    @Test
    void should_order_by_value_when_types_differ() throws Exception {
        // then
        assertThat(JsonNumbers.compare(json("-1.5"), json("-1"))).isNegative();
        assertThat(JsonNumbers.compare(json("2"), json("1.5"))).isPositive();
        assertThat(JsonNumbers.compare(json("5e-324"), json("0"))).isPositive();
        assertThat(JsonNumbers.compare(json("-10000000000"), json("-1e300"))).isPositive();
    }

    @Test
    void should_compare_exactly_when_an_integer_is_beyond_double_precision() {
        // given 2^53 + 1, which no double holds: (double) of it is 2^53
        LongNode oddLong = LongNode.valueOf((1L << 53) + 1);
        DoubleNode twoTo53 = DoubleNode.valueOf(Math.pow(2, 53));

        // then
        assertThat(JsonNumbers.compare(oddLong, twoTo53)).isPositive();
        assertThat(JsonNumbers.compare(LongNode.valueOf(1L << 53), twoTo53)).isZero();
        assertThat(JsonNumbers.compare(LongNode.valueOf(Long.MAX_VALUE), DoubleNode.valueOf(0x1p63))).isNegative();
        assertThat(JsonNumbers.compare(LongNode.valueOf(Long.MIN_VALUE), DoubleNode.valueOf(-0x1p63))).isZero();
    }

    @Test
    void should_compare_big_integers_exactly_when_they_exceed_a_long() {
        // given
        BigInteger big = BigInteger.TEN.pow(30);
        BigIntegerNode bigNode = BigIntegerNode.valueOf(big);
        BigIntegerNode bigPlusOne = BigIntegerNode.valueOf(big.add(BigInteger.ONE));

        // then
        assertThat(JsonNumbers.compare(bigNode, bigPlusOne)).isNegative();
        assertThat(JsonNumbers.compare(bigNode, DoubleNode.valueOf(1e30))).isNotZero();
        assertThat(JsonNumbers.compare(BigIntegerNode.valueOf(BigInteger.TWO.pow(100)), DoubleNode.valueOf(0x1p100)))
                .isZero();
        assertThat(JsonNumbers.compare(bigPlusOne, DoubleNode.valueOf(Double.MAX_VALUE))).isNegative();
        assertThat(JsonNumbers.compare(LongNode.valueOf(Long.MAX_VALUE), bigNode)).isNegative();
        assertThat(JsonNumbers.compare(BigIntegerNode.valueOf(big.negate()), IntNode.valueOf(0))).isNegative();
    }

    @Test
    void should_keep_non_finite_doubles_at_the_ends_when_a_node_carries_them() {
        // given values JSON cannot carry but a JsonNode can
        DoubleNode nan = DoubleNode.valueOf(Double.NaN);
        DoubleNode inf = DoubleNode.valueOf(Double.POSITIVE_INFINITY);
        DoubleNode minusInf = DoubleNode.valueOf(Double.NEGATIVE_INFINITY);
        BigIntegerNode huge = BigIntegerNode.valueOf(BigInteger.TEN.pow(400));

        // then
        assertThat(JsonNumbers.compare(minusInf, bigNegative())).isNegative();
        assertThat(JsonNumbers.compare(huge, inf)).isNegative();
        assertThat(JsonNumbers.compare(inf, nan)).isNegative();
        assertThat(JsonNumbers.compare(nan, DoubleNode.valueOf(Double.NaN))).isZero();
        assertThat(JsonNumbers.compare(inf, DoubleNode.valueOf(Double.POSITIVE_INFINITY))).isZero();
        assertThat(JsonNumbers.compare(nan, huge)).isPositive();
        assertThat(JsonNumbers.compare(DecimalNode.valueOf(new BigDecimal("1e400")), inf)).isNegative();
    }

    private static JsonNode bigNegative() {
        return BigIntegerNode.valueOf(BigInteger.TEN.pow(400).negate());
    }

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }
}
