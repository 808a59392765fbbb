// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./Interfaces.sol";

/// SWAP_API: paged reads over all pairs. Pages are 1-based; page p with maxItems m covers items
/// (p-1)*m .. p*m-1; past the end the arrays are empty. Every function returns parallel arrays or
/// flat values (no tuples), so tronweb can decode them. "A" is the pair's token0, "B" its token1;
/// balances are the pair's reserves; a wrapped base symbol starts with "W".
contract JMSwapInfo {
    address public immutable factory;

    constructor(address _factory) {
        factory = _factory;
    }

    function allPairsLength() external view returns (uint256) {
        return IJMSwapFactory(factory).allPairsLength();
    }

    function _range(uint256 total, uint256 maxItems, uint256 page) private pure returns (uint256 start, uint256 count) {
        require(page >= 1 && maxItems >= 1, "JMSwap: INVALID_PAGE");
        start = (page - 1) * maxItems;
        if (start >= total) return (total, 0);
        count = total - start < maxItems ? total - start : maxItems;
    }

    function _symbols(address pair) private view returns (string memory symbolA, string memory symbolB) {
        symbolA = JMSwapTransfer.symbolOf(IJMSwapPair(pair).token0());
        symbolB = JMSwapTransfer.symbolOf(IJMSwapPair(pair).token1());
    }

    function getAllPairSymbols(uint256 maxItems, uint256 page)
        external
        view
        returns (address[] memory pairs, string[] memory symbolsA, string[] memory symbolsB)
    {
        IJMSwapFactory f = IJMSwapFactory(factory);
        (uint256 start, uint256 count) = _range(f.allPairsLength(), maxItems, page);
        pairs = new address[](count);
        symbolsA = new string[](count);
        symbolsB = new string[](count);
        for (uint256 i; i < count; i++) {
            pairs[i] = f.allPairs(start + i);
            (symbolsA[i], symbolsB[i]) = _symbols(pairs[i]);
        }
    }

    /// tokensA/tokensB: token0/token1; balancesA/balancesB: the reserves.
    function getAllPairsBalances(uint256 maxItems, uint256 page)
        external
        view
        returns (
            address[] memory pairs,
            address[] memory tokensA,
            address[] memory tokensB,
            string[] memory symbolsA,
            string[] memory symbolsB,
            uint256[] memory balancesA,
            uint256[] memory balancesB
        )
    {
        IJMSwapFactory f = IJMSwapFactory(factory);
        (uint256 start, uint256 count) = _range(f.allPairsLength(), maxItems, page);
        pairs = new address[](count);
        tokensA = new address[](count);
        tokensB = new address[](count);
        symbolsA = new string[](count);
        symbolsB = new string[](count);
        balancesA = new uint256[](count);
        balancesB = new uint256[](count);
        for (uint256 i; i < count; i++) {
            address pair = f.allPairs(start + i);
            pairs[i] = pair;
            tokensA[i] = IJMSwapPair(pair).token0();
            tokensB[i] = IJMSwapPair(pair).token1();
            (symbolsA[i], symbolsB[i]) = _symbols(pair);
            (balancesA[i], balancesB[i], ) = IJMSwapPair(pair).getReserves();
        }
    }

    /// The user's positions (pairs where the user holds liquidity tokens), paged over those
    /// positions. valueA/valueB = reserve * userLiquidity / totalLiquidity.
    function getUserLP(address user, uint256 maxItems, uint256 page)
        external
        view
        returns (
            address[] memory pairs,
            string[] memory symbolsA,
            string[] memory symbolsB,
            uint256[] memory totalLiquidity,
            uint256[] memory userLiquidity,
            uint256[] memory valueA,
            uint256[] memory valueB
        )
    {
        address[] memory held = _heldPairs(user);
        (uint256 start, uint256 count) = _range(held.length, maxItems, page);
        pairs = new address[](count);
        symbolsA = new string[](count);
        symbolsB = new string[](count);
        totalLiquidity = new uint256[](count);
        userLiquidity = new uint256[](count);
        valueA = new uint256[](count);
        valueB = new uint256[](count);
        for (uint256 i; i < count; i++) {
            pairs[i] = held[start + i];
            (symbolsA[i], symbolsB[i], totalLiquidity[i], userLiquidity[i], valueA[i], valueB[i]) = getUserLPbyPair(
                pairs[i],
                user
            );
        }
    }

    function _heldPairs(address user) private view returns (address[] memory held) {
        IJMSwapFactory f = IJMSwapFactory(factory);
        uint256 total = f.allPairsLength();
        held = new address[](total);
        uint256 n;
        for (uint256 i; i < total; i++) {
            address pair = f.allPairs(i);
            if (IJMSwapPair(pair).balanceOf(user) > 0) held[n++] = pair;
        }
        assembly {
            mstore(held, n)
        }
    }

    function getUserLPbyPair(address pair, address user)
        public
        view
        returns (
            string memory symbolA,
            string memory symbolB,
            uint256 totalLiquidity,
            uint256 userLiquidity,
            uint256 valueA,
            uint256 valueB
        )
    {
        (symbolA, symbolB) = _symbols(pair);
        totalLiquidity = IJMSwapPair(pair).totalSupply();
        userLiquidity = IJMSwapPair(pair).balanceOf(user);
        if (totalLiquidity > 0) {
            (uint256 r0, uint256 r1, ) = IJMSwapPair(pair).getReserves();
            valueA = (r0 * userLiquidity) / totalLiquidity;
            valueB = (r1 * userLiquidity) / totalLiquidity;
        }
    }
}
