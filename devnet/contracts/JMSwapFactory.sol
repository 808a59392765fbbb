// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./JMSwapPair.sol";
import "./Interfaces.sol";

/// Creates pairs with plain CREATE: find a pair only through getPair (either token order).
contract JMSwapFactory {
    address public feeTo;
    address public feeToSetter;
    address public routerAddress;

    mapping(address => mapping(address => address)) public getPair;
    mapping(address => bool) public isPair;
    address[] public allPairs;

    event PairCreated(address indexed token0, address indexed token1, address pair, uint256 allPairsLength);

    constructor(address _feeToSetter) {
        feeToSetter = _feeToSetter;
    }

    modifier onlySetter() {
        require(msg.sender == feeToSetter, "JMSwap: FORBIDDEN");
        _;
    }

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) external returns (address pair) {
        require(tokenA != tokenB, "JMSwap: IDENTICAL_ADDRESSES");
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(token0 != address(0), "JMSwap: ZERO_ADDRESS");
        require(getPair[token0][token1] == address(0), "JMSwap: PAIR_EXISTS");
        pair = address(new JMSwapPair());
        JMSwapPair(pair).initialize(token0, token1);
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
        isPair[pair] = true;
        allPairs.push(pair);
        emit PairCreated(token0, token1, pair, allPairs.length);
    }

    /// Symbols of token0 and token1 of a pair created here.
    function getPairSymbols(address pair) external view returns (string memory symbolA, string memory symbolB) {
        require(isPair[pair], "JMSwap: PAIR_NOT_FOUND");
        symbolA = JMSwapTransfer.symbolOf(JMSwapPair(pair).token0());
        symbolB = JMSwapTransfer.symbolOf(JMSwapPair(pair).token1());
    }

    /// token0 and token1 of a pair created here.
    function getTokensByPair(address pair) external view returns (address tokenA, address tokenB) {
        require(isPair[pair], "JMSwap: PAIR_NOT_FOUND");
        tokenA = JMSwapPair(pair).token0();
        tokenB = JMSwapPair(pair).token1();
    }

    function getRouterAddress() external view returns (address) {
        return routerAddress;
    }

    function setRouterAddress(address router) external onlySetter {
        routerAddress = router;
    }

    function setFeeTo(address _feeTo) external onlySetter {
        feeTo = _feeTo;
    }

    function setFeeToSetter(address _feeToSetter) external onlySetter {
        feeToSetter = _feeToSetter;
    }
}
