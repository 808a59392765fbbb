// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./Interfaces.sol";

/// The liquidity functions shared by ROUTER and LIQUIDITY_ROUTER.
/// Pairs are found only through factory.getPair (never predicted), so this runs unchanged on TRON.
abstract contract JMSwapRouterBase {
    address public immutable factory;
    address public immutable WBASE;

    modifier ensure(uint256 deadline) {
        require(deadline >= block.timestamp, "JMSwap: EXPIRED");
        _;
    }

    constructor(address _factory, address _WBASE) {
        factory = _factory;
        WBASE = _WBASE;
    }

    /// Accepts plain base-coin payments (and WBASE withdrawals).
    receive() external payable {}

    /// True: removals route pair -> this router -> recipient (LIQUIDITY_ROUTER, so exempt tokens
    /// are never taxed). False: token-token removals go straight from the pair to the recipient.
    function _removeViaRouter() internal pure virtual returns (bool);

    // ------------------------------------------------------------------ helpers

    function _pairFor(address tokenA, address tokenB) internal view returns (address pair) {
        require(tokenA != tokenB, "JMSwap: IDENTICAL_ADDRESSES");
        pair = IJMSwapFactory(factory).getPair(tokenA, tokenB);
        require(pair != address(0), "JMSwap: PAIR_NOT_FOUND");
    }

    /// Reserves of the pair ordered as (tokenA, tokenB); (0, 0) when the pair does not exist.
    function _reserves(address tokenA, address tokenB) internal view returns (uint256 reserveA, uint256 reserveB) {
        require(tokenA != tokenB, "JMSwap: IDENTICAL_ADDRESSES");
        address pair = IJMSwapFactory(factory).getPair(tokenA, tokenB);
        if (pair == address(0)) return (0, 0);
        (uint256 r0, uint256 r1, ) = IJMSwapPair(pair).getReserves();
        (reserveA, reserveB) = tokenA < tokenB ? (r0, r1) : (r1, r0);
    }

    function _quote(uint256 amountA, uint256 reserveA, uint256 reserveB) internal pure returns (uint256) {
        require(amountA > 0, "JMSwap: INSUFFICIENT_AMOUNT");
        require(reserveA > 0 && reserveB > 0, "JMSwap: INSUFFICIENT_LIQUIDITY");
        return (amountA * reserveB) / reserveA;
    }

    function _balance(address token, address owner) internal view returns (uint256) {
        return IERC20Like(token).balanceOf(owner);
    }

    // ------------------------------------------------------------------ add liquidity

    function _addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin
    ) internal returns (uint256 amountA, uint256 amountB) {
        require(tokenA != tokenB, "JMSwap: IDENTICAL_ADDRESSES");
        require(amountADesired > 0 && amountBDesired > 0, "JMSwap: INSUFFICIENT_AMOUNT");
        if (IJMSwapFactory(factory).getPair(tokenA, tokenB) == address(0)) {
            IJMSwapFactory(factory).createPair(tokenA, tokenB);
        }
        (uint256 reserveA, uint256 reserveB) = _reserves(tokenA, tokenB);
        if (reserveA == 0 && reserveB == 0) {
            (amountA, amountB) = (amountADesired, amountBDesired);
        } else {
            uint256 amountBOptimal = _quote(amountADesired, reserveA, reserveB);
            if (amountBOptimal <= amountBDesired) {
                require(amountBOptimal >= amountBMin, "JMSwap: INSUFFICIENT_B_AMOUNT");
                (amountA, amountB) = (amountADesired, amountBOptimal);
            } else {
                uint256 amountAOptimal = _quote(amountBDesired, reserveB, reserveA);
                require(amountAOptimal <= amountADesired && amountAOptimal >= amountAMin, "JMSwap: INSUFFICIENT_A_AMOUNT");
                (amountA, amountB) = (amountAOptimal, amountBDesired);
            }
        }
    }

    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        (amountA, amountB) = _addLiquidity(tokenA, tokenB, amountADesired, amountBDesired, amountAMin, amountBMin);
        address pair = _pairFor(tokenA, tokenB);
        JMSwapTransfer.safeTransferFrom(tokenA, msg.sender, pair, amountA);
        JMSwapTransfer.safeTransferFrom(tokenB, msg.sender, pair, amountB);
        liquidity = IJMSwapPair(pair).mint(to);
    }

    function addLiquidityBase(
        address token,
        uint256 amountTokenDesired,
        uint256 amountTokenMin,
        uint256 amountBaseMin,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256 amountToken, uint256 amountBase, uint256 liquidity) {
        (amountToken, amountBase) = _addLiquidity(
            token,
            WBASE,
            amountTokenDesired,
            msg.value,
            amountTokenMin,
            amountBaseMin
        );
        address pair = _pairFor(token, WBASE);
        JMSwapTransfer.safeTransferFrom(token, msg.sender, pair, amountToken);
        IWBase(WBASE).deposit{value: amountBase}();
        require(IWBase(WBASE).transfer(pair, amountBase), "JMSwap: TRANSFER_FAILED");
        liquidity = IJMSwapPair(pair).mint(to);
        if (msg.value > amountBase) JMSwapTransfer.safeTransferBase(msg.sender, msg.value - amountBase);
    }

    // ------------------------------------------------------------------ remove liquidity

    /// Pulls the liquidity from the caller into the pair and burns it to `burnTo`.
    /// Returns what the pair released, ordered as (tokenA, tokenB).
    function _burn(address tokenA, address tokenB, uint256 liquidity, address burnTo)
        private
        returns (uint256 amountA, uint256 amountB)
    {
        address pair = _pairFor(tokenA, tokenB);
        require(liquidity > 0, "JMSwap: INSUFFICIENT_LIQUIDITY");
        require(IJMSwapPair(pair).transferFrom(msg.sender, pair, liquidity), "JMSwap: TRANSFER_FROM_FAILED");
        (uint256 amount0, uint256 amount1) = IJMSwapPair(pair).burn(burnTo);
        (amountA, amountB) = tokenA < tokenB ? (amount0, amount1) : (amount1, amount0);
    }

    /// Burns to this router and returns what actually arrived here (balance differences).
    function _burnToRouter(address tokenA, address tokenB, uint256 liquidity)
        private
        returns (uint256 receivedA, uint256 receivedB)
    {
        uint256 beforeA = _balance(tokenA, address(this));
        uint256 beforeB = _balance(tokenB, address(this));
        _burn(tokenA, tokenB, liquidity, address(this));
        receivedA = _balance(tokenA, address(this)) - beforeA;
        receivedB = _balance(tokenB, address(this)) - beforeB;
    }

    function _removeTokens(address tokenA, address tokenB, uint256 liquidity, address to, bool viaRouter)
        private
        returns (uint256 amountA, uint256 amountB)
    {
        if (!viaRouter) return _burn(tokenA, tokenB, liquidity, to);
        (amountA, amountB) = _burnToRouter(tokenA, tokenB, liquidity);
        JMSwapTransfer.safeTransfer(tokenA, to, amountA);
        JMSwapTransfer.safeTransfer(tokenB, to, amountB);
    }

    function _removeBase(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountBaseMin, address to)
        private
        returns (uint256 amountToken, uint256 amountBase)
    {
        (amountToken, amountBase) = _burnToRouter(token, WBASE, liquidity);
        require(amountToken >= amountTokenMin, "JMSwap: INSUFFICIENT_A_AMOUNT");
        require(amountBase >= amountBaseMin, "JMSwap: INSUFFICIENT_B_AMOUNT");
        JMSwapTransfer.safeTransfer(token, to, amountToken);
        IWBase(WBASE).withdraw(amountBase);
        JMSwapTransfer.safeTransferBase(to, amountBase);
    }

    /// amountA/amountB: what the pair released (LIQUIDITY_ROUTER: what reached the router and was
    /// forwarded). The minimums apply to those amounts.
    function removeLiquidity(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountA, uint256 amountB) {
        (amountA, amountB) = _removeTokens(tokenA, tokenB, liquidity, to, _removeViaRouter());
        require(amountA >= amountAMin, "JMSwap: INSUFFICIENT_A_AMOUNT");
        require(amountB >= amountBMin, "JMSwap: INSUFFICIENT_B_AMOUNT");
    }

    /// Routes both tokens pair -> router -> `to` and forwards what actually arrived.
    function removeLiquiditySupportingFeeOnTransferTokens(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountA, uint256 amountB) {
        (amountA, amountB) = _removeTokens(tokenA, tokenB, liquidity, to, true);
        require(amountA >= amountAMin, "JMSwap: INSUFFICIENT_A_AMOUNT");
        require(amountB >= amountBMin, "JMSwap: INSUFFICIENT_B_AMOUNT");
    }

    /// The token side routes pair -> router -> `to`; amountToken is what reached the router.
    function removeLiquidityBase(
        address token,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountBaseMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountToken, uint256 amountBase) {
        (amountToken, amountBase) = _removeBase(token, liquidity, amountTokenMin, amountBaseMin, to);
    }

    function removeLiquidityBaseSupportingFeeOnTransferTokens(
        address token,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountBaseMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountBase) {
        (, amountBase) = _removeBase(token, liquidity, amountTokenMin, amountBaseMin, to);
    }

    function _permit(address tokenA, address tokenB, uint256 liquidity, uint256 deadline, bool approveMax, uint8 v, bytes32 r, bytes32 s)
        private
    {
        uint256 value = approveMax ? type(uint256).max : liquidity;
        IJMSwapPair(_pairFor(tokenA, tokenB)).permit(msg.sender, address(this), value, deadline, v, r, s);
    }

    function removeLiquidityWithPermit(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline,
        bool approveMax,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 amountA, uint256 amountB) {
        _permit(tokenA, tokenB, liquidity, deadline, approveMax, v, r, s);
        (amountA, amountB) = removeLiquidity(tokenA, tokenB, liquidity, amountAMin, amountBMin, to, deadline);
    }

    function removeLiquidityWithPermitSupportingFeeOnTransferTokens(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline,
        bool approveMax,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 amountA, uint256 amountB) {
        _permit(tokenA, tokenB, liquidity, deadline, approveMax, v, r, s);
        (amountA, amountB) = removeLiquiditySupportingFeeOnTransferTokens(
            tokenA,
            tokenB,
            liquidity,
            amountAMin,
            amountBMin,
            to,
            deadline
        );
    }

    function removeLiquidityBaseWithPermit(
        address token,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountBaseMin,
        address to,
        uint256 deadline,
        bool approveMax,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 amountToken, uint256 amountBase) {
        _permit(token, WBASE, liquidity, deadline, approveMax, v, r, s);
        (amountToken, amountBase) = removeLiquidityBase(token, liquidity, amountTokenMin, amountBaseMin, to, deadline);
    }

    function removeLiquidityBaseWithPermitSupportingFeeOnTransferTokens(
        address token,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountBaseMin,
        address to,
        uint256 deadline,
        bool approveMax,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 amountBase) {
        _permit(token, WBASE, liquidity, deadline, approveMax, v, r, s);
        amountBase = removeLiquidityBaseSupportingFeeOnTransferTokens(
            token,
            liquidity,
            amountTokenMin,
            amountBaseMin,
            to,
            deadline
        );
    }
}
