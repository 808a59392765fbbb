// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./JMSwapRouterBase.sol";

/// LIQUIDITY_ROUTER: add/remove liquidity only. Taxed tokens exempt it, and every removal routes
/// pair -> this router -> recipient, so adding and removing liquidity of exempt tokens is tax-free.
contract JMSwapLiquidityRouter is JMSwapRouterBase {
    constructor(address _factory, address _WBASE) JMSwapRouterBase(_factory, _WBASE) {}

    function _removeViaRouter() internal pure override returns (bool) {
        return true;
    }
}
