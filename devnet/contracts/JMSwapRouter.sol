// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./JMSwapRouterBase.sol";

/// ROUTER: liquidity, quotes and swaps. Tax rule: docs/taxes.md.
/// - Swaps measure what actually arrives (each hop's input is its pair's balance minus reserve; the
///   output is the recipient's balance change), so taxed tokens never make them revert. Bounds
///   (amountOutMin / amountInMax) are checked against real amounts.
/// - taxes: empty, or one bytes32 per path token holding its tax percent (uint256, < 100).
/// - Shares are fractions scaled by 1e18 (1e18 = 100%).
contract JMSwapRouter is JMSwapRouterBase {
    uint256 public constant SHARE_ONE = 1e18;

    constructor(address _factory, address _WBASE) JMSwapRouterBase(_factory, _WBASE) {}

    function _removeViaRouter() internal pure override returns (bool) {
        return false;
    }

    // ------------------------------------------------------------------ path, taxes

    function _checkPath(address[] memory path, bytes32[] memory taxes) internal pure {
        uint256 n = path.length;
        require(n >= 2, "JMSwap: INVALID_PATH");
        require(taxes.length == 0 || taxes.length == n, "JMSwap: INVALID_TAXES");
        for (uint256 i; i < n; i++) {
            if (i + 1 < n) require(path[i] != path[i + 1], "JMSwap: IDENTICAL_ADDRESSES");
            for (uint256 j = i + 2; j < n; j++) require(path[i] != path[j], "JMSwap: INVALID_PATH");
            if (taxes.length != 0) require(uint256(taxes[i]) < 100, "JMSwap: INVALID_TAXES");
        }
    }

    function _tax(bytes32[] memory taxes, uint256 i) internal pure returns (uint256) {
        return taxes.length == 0 ? 0 : uint256(taxes[i]);
    }

    /// What arrives when `amount` is sent: amount - floor(amount * tax / 100).
    function _net(uint256 amount, uint256 tax) internal pure returns (uint256) {
        return amount - (amount * tax) / 100;
    }

    /// The smallest x with _net(x, tax) >= y.
    function _grossFor(uint256 y, uint256 tax) internal pure returns (uint256 x) {
        if (tax == 0) return y;
        x = (y * 100 + (100 - tax) - 1) / (100 - tax);
        while (x > 0 && _net(x - 1, tax) >= y) x--;
    }

    function _pairReserves(address tokenA, address tokenB) internal view returns (uint256 reserveA, uint256 reserveB) {
        _pairFor(tokenA, tokenB);
        return _reserves(tokenA, tokenB);
    }

    // ------------------------------------------------------------------ quotes (Uniswap V2 formulas)

    function quote(uint256 amountA, uint256 reserveA, uint256 reserveB) external pure returns (uint256 amountB) {
        return _quote(amountA, reserveA, reserveB);
    }

    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut)
        public
        pure
        returns (uint256 amountOut)
    {
        require(amountIn > 0, "JMSwap: INSUFFICIENT_INPUT_AMOUNT");
        require(reserveIn > 0 && reserveOut > 0, "JMSwap: INSUFFICIENT_LIQUIDITY");
        uint256 amountInWithFee = amountIn * 997;
        amountOut = (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    function getAmountIn(uint256 amountOut, uint256 reserveIn, uint256 reserveOut)
        public
        pure
        returns (uint256 amountIn)
    {
        require(amountOut > 0, "JMSwap: INSUFFICIENT_OUTPUT_AMOUNT");
        require(reserveIn > 0 && reserveOut > amountOut, "JMSwap: INSUFFICIENT_LIQUIDITY");
        amountIn = (reserveIn * amountOut * 1000) / ((reserveOut - amountOut) * 997) + 1;
    }

    /// One hop with taxes: what the recipient gets when the sender pays amountIn.
    function getAmountOutTaxed(uint256 amountIn, uint256 reserveIn, uint256 reserveOut, uint256 taxIn, uint256 taxOut)
        external
        pure
        returns (uint256 amountOut)
    {
        require(taxIn < 100 && taxOut < 100, "JMSwap: INVALID_TAXES");
        return _net(getAmountOut(_net(amountIn, taxIn), reserveIn, reserveOut), taxOut);
    }

    /// One hop with taxes: what the sender pays so that the recipient gets amountOut.
    function getAmountInTaxed(uint256 amountOut, uint256 reserveIn, uint256 reserveOut, uint256 taxIn, uint256 taxOut)
        external
        pure
        returns (uint256 amountIn)
    {
        require(taxIn < 100 && taxOut < 100, "JMSwap: INVALID_TAXES");
        return _grossFor(getAmountIn(_grossFor(amountOut, taxOut), reserveIn, reserveOut), taxIn);
    }

    function _amountsOut(uint256 amountIn, address[] memory path, bytes32[] memory taxes)
        internal
        view
        returns (uint256[] memory amounts)
    {
        _checkPath(path, taxes);
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        uint256 input = _net(amountIn, _tax(taxes, 0));
        for (uint256 i; i < path.length - 1; i++) {
            (uint256 reserveIn, uint256 reserveOut) = _pairReserves(path[i], path[i + 1]);
            input = _net(getAmountOut(input, reserveIn, reserveOut), _tax(taxes, i + 1));
            amounts[i + 1] = input;
        }
    }

    function _amountsIn(uint256 amountOut, address[] memory path, bytes32[] memory taxes)
        internal
        view
        returns (uint256[] memory amounts)
    {
        _checkPath(path, taxes);
        uint256 n = path.length;
        amounts = new uint256[](n);
        amounts[n - 1] = amountOut;
        for (uint256 i = n - 1; i > 0; i--) {
            (uint256 reserveIn, uint256 reserveOut) = _pairReserves(path[i - 1], path[i]);
            amounts[i - 1] = getAmountIn(_grossFor(amounts[i], _tax(taxes, i)), reserveIn, reserveOut);
        }
        amounts[0] = _grossFor(amounts[0], _tax(taxes, 0));
    }

    function getAmountsOut(uint256 amountIn, address[] memory path) external view returns (uint256[] memory amounts) {
        return _amountsOut(amountIn, path, new bytes32[](0));
    }

    function getAmountsIn(uint256 amountOut, address[] memory path) external view returns (uint256[] memory amounts) {
        return _amountsIn(amountOut, path, new bytes32[](0));
    }

    /// amounts[0] = what the user pays, amounts[i] = what arrives at the next pair (or, for the last
    /// entry, at the recipient), after each token's tax.
    function getAmountsOutTaxed(uint256 amountIn, address[] memory path, bytes32[] memory taxes)
        external
        view
        returns (uint256[] memory amounts)
    {
        return _amountsOut(amountIn, path, taxes);
    }

    /// amounts[0] = what the user must pay so that the recipient gets amountOut; middle entries as in
    /// getAmountsOutTaxed.
    function getAmountsInTaxed(uint256 amountOut, address[] memory path, bytes32[] memory taxes)
        external
        view
        returns (uint256[] memory amounts)
    {
        return _amountsIn(amountOut, path, taxes);
    }

    /// getAmountsOutTaxed for a path starting at WBASE paid in the base coin (no tax on the input).
    function getAmountsOutTaxedExactBaseForTokens(uint256 amountIn, address[] memory path, bytes32[] memory taxes)
        external
        view
        returns (uint256[] memory amounts)
    {
        _checkPath(path, taxes);
        require(path[0] == WBASE, "JMSwap: INVALID_PATH");
        if (taxes.length != 0) taxes[0] = bytes32(0);
        return _amountsOut(amountIn, path, taxes);
    }

    // ------------------------------------------------------------------ swaps

    /// Runs the hops. Each hop's input is measured (pair balance - reserve). In exact-out mode
    /// (capped) each hop sends at most the gross amount the quote asked for.
    function _swap(address[] memory path, bytes32[] memory taxes, uint256[] memory amounts, bool capped, address _to)
        private
    {
        uint256 n = path.length;
        address pair = _pairFor(path[0], path[1]);
        for (uint256 i; i < n - 1; i++) {
            uint256 amountOutput = _hopOutput(pair, path, taxes, amounts, capped, i);
            address to = i < n - 2 ? _pairFor(path[i + 1], path[i + 2]) : _to;
            (uint256 amount0Out, uint256 amount1Out) = path[i] < path[i + 1]
                ? (uint256(0), amountOutput)
                : (amountOutput, uint256(0));
            IJMSwapPair(pair).swap(amount0Out, amount1Out, to, new bytes(0));
            pair = to;
        }
    }

    /// Output of hop i (path[i] -> path[i + 1]) for the input that actually arrived at its pair.
    function _hopOutput(
        address pair,
        address[] memory path,
        bytes32[] memory taxes,
        uint256[] memory amounts,
        bool capped,
        uint256 i
    ) private view returns (uint256 amountOutput) {
        (uint256 r0, uint256 r1, ) = IJMSwapPair(pair).getReserves();
        (uint256 reserveIn, uint256 reserveOut) = path[i] < path[i + 1] ? (r0, r1) : (r1, r0);
        uint256 amountInput = _balance(path[i], pair) - reserveIn;
        if (!capped && i > 0) amounts[i] = amountInput;
        amountOutput = getAmountOut(amountInput, reserveIn, reserveOut);
        if (capped) {
            uint256 cap = _grossFor(amounts[i + 1], _tax(taxes, i + 1));
            if (amountOutput > cap) amountOutput = cap;
        }
    }

    function _payIn(address token, address next, uint256 amount, bool baseIn) private {
        address pair = _pairFor(token, next);
        if (baseIn) {
            IWBase(WBASE).deposit{value: amount}();
            require(IWBase(WBASE).transfer(pair, amount), "JMSwap: TRANSFER_FAILED");
        } else {
            JMSwapTransfer.safeTransferFrom(token, msg.sender, pair, amount);
        }
    }

    /// Swaps and returns what the recipient actually received.
    function _swapAndDeliver(
        address[] memory path,
        bytes32[] memory taxes,
        uint256[] memory amounts,
        bool capped,
        address to,
        bool baseOut
    ) private returns (uint256 received) {
        if (baseOut) {
            uint256 before = _balance(WBASE, address(this));
            _swap(path, taxes, amounts, capped, address(this));
            received = _balance(WBASE, address(this)) - before;
            IWBase(WBASE).withdraw(received);
            JMSwapTransfer.safeTransferBase(to, received);
        } else {
            address last = path[path.length - 1];
            uint256 before = _balance(last, to);
            _swap(path, taxes, amounts, capped, to);
            received = _balance(last, to) - before;
        }
    }

    function _checkEnds(address[] memory path, bytes32[] memory taxes, bool baseIn, bool baseOut) private view {
        _checkPath(path, taxes);
        if (baseIn) require(path[0] == WBASE, "JMSwap: INVALID_PATH");
        if (baseOut) require(path[path.length - 1] == WBASE, "JMSwap: INVALID_PATH");
    }

    function _exactIn(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] memory path,
        bytes32[] memory taxes,
        address to,
        bool baseIn,
        bool baseOut
    ) private returns (uint256[] memory amounts) {
        _checkEnds(path, taxes, baseIn, baseOut);
        require(amountIn > 0, "JMSwap: INSUFFICIENT_INPUT_AMOUNT");
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        _payIn(path[0], path[1], amountIn, baseIn);
        uint256 received = _swapAndDeliver(path, taxes, amounts, false, to, baseOut);
        amounts[path.length - 1] = received;
        require(received >= amountOutMin, "JMSwap: INSUFFICIENT_OUTPUT_AMOUNT");
    }

    function _exactOut(
        uint256 amountOut,
        uint256 amountInMax,
        address[] memory path,
        bytes32[] memory taxes,
        address to,
        bool baseIn,
        bool baseOut
    ) private returns (uint256[] memory amounts) {
        _checkEnds(path, taxes, baseIn, baseOut);
        require(amountOut > 0, "JMSwap: INSUFFICIENT_OUTPUT_AMOUNT");
        amounts = _amountsIn(amountOut, path, taxes);
        require(amounts[0] <= amountInMax, "JMSwap: EXCESSIVE_INPUT_AMOUNT");
        _payIn(path[0], path[1], amounts[0], baseIn);
        uint256 received = _swapAndDeliver(path, taxes, amounts, true, to, baseOut);
        require(received >= amountOut, "JMSwap: INSUFFICIENT_OUTPUT_AMOUNT");
        amounts[path.length - 1] = received;
        if (baseIn && amountInMax > amounts[0]) JMSwapTransfer.safeTransferBase(msg.sender, amountInMax - amounts[0]);
    }

    /// Returns amounts: [0] paid, middle = arrived at each next pair, last = received by `to`.
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        bytes32[] calldata taxes,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        return _exactIn(amountIn, amountOutMin, path, taxes, to, false, false);
    }

    function swapTokensForExactTokens(
        uint256 amountOut,
        uint256 amountInMax,
        address[] calldata path,
        bytes32[] calldata taxes,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        return _exactOut(amountOut, amountInMax, path, taxes, to, false, false);
    }

    function swapExactBaseForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        bytes32[] calldata taxes,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256[] memory amounts) {
        return _exactIn(msg.value, amountOutMin, path, taxes, to, true, false);
    }

    /// Pays at most msg.value; the rest is refunded.
    function swapBaseForExactTokens(
        uint256 amountOut,
        address[] calldata path,
        bytes32[] calldata taxes,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256[] memory amounts) {
        return _exactOut(amountOut, msg.value, path, taxes, to, true, false);
    }

    function swapExactTokensForBase(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        bytes32[] calldata taxes,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        return _exactIn(amountIn, amountOutMin, path, taxes, to, false, true);
    }

    function swapTokensForExactBase(
        uint256 amountOut,
        uint256 amountInMax,
        address[] calldata path,
        bytes32[] calldata taxes,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        return _exactOut(amountOut, amountInMax, path, taxes, to, false, true);
    }

    // ------------------------------------------------------------------ views for the UI

    /// The amount of tokenB matching amountA of tokenA at the current reserves, and the share of the
    /// pool amountA would be (amountA / (reserveA + amountA), 1e18 = 100%). reverse: amountA is an
    /// amount of tokenB and amountB the matching amount of tokenA. Empty or missing pool: (0, 1e18).
    function calcPairLiquidity(uint256 amountA, address tokenA, address tokenB, bool reverse)
        external
        view
        returns (uint256 amountB, uint256 share)
    {
        (uint256 reserveA, uint256 reserveB) = _reserves(tokenA, tokenB);
        if (reverse) (reserveA, reserveB) = (reserveB, reserveA);
        if (reserveA == 0 || reserveB == 0) return (0, SHARE_ONE);
        amountB = (amountA * reserveB) / reserveA;
        share = (amountA * SHARE_ONE) / (reserveA + amountA);
    }

    /// The pair's reserves ordered as (tokenA, tokenB); (0, 0) when there is no pair.
    function getPairBalance(address tokenA, address tokenB)
        external
        view
        returns (uint256 balanceTokenA, uint256 balanceTokenB)
    {
        return _reserves(tokenA, tokenB);
    }

    /// userShare = userSupply * 1e18 / totalSupply (1e18 = 100%). Zeros when there is no pair.
    function getUserLP(address user, address tokenA, address tokenB)
        external
        view
        returns (uint256 totalSupply, uint256 userSupply, uint256 userShare)
    {
        address pair = IJMSwapFactory(factory).getPair(tokenA, tokenB);
        if (pair == address(0)) return (0, 0, 0);
        return getUserLPwithPair(user, pair);
    }

    function getUserLPwithPair(address user, address pair)
        public
        view
        returns (uint256 totalSupply, uint256 userSupply, uint256 userShare)
    {
        totalSupply = IJMSwapPair(pair).totalSupply();
        userSupply = IJMSwapPair(pair).balanceOf(user);
        userShare = totalSupply == 0 ? 0 : (userSupply * SHARE_ONE) / totalSupply;
    }

    function syncPair(address pair) external {
        IJMSwapPair(pair).sync();
    }
}
