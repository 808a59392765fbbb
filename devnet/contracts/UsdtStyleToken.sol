// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A token whose approve refuses to change a non-zero allowance to another non-zero value, as
/// USDT on Ethereum does (checklist item 17): set it to 0 first. No tax. Same constructor and
/// owner minting as TaxedToken, so the devnet deploys and funds it the same way.
contract UsdtStyleToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public constant tax = 0;
    address public owner;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory _name, string memory _symbol, uint8 _decimals, uint256 _tax, address) {
        require(_tax == 0, "UsdtStyleToken: NO_TAX");
        name = _name;
        symbol = _symbol;
        decimals = _decimals;
        owner = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "UsdtStyleToken: FORBIDDEN");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function mintBatch(address[] calldata accounts, uint256 amount) external {
        require(msg.sender == owner, "UsdtStyleToken: FORBIDDEN");
        for (uint256 i; i < accounts.length; i++) {
            balanceOf[accounts[i]] += amount;
            emit Transfer(address(0), accounts[i], amount);
        }
        totalSupply += amount * accounts.length;
    }

    /// No account is exempt (there is no tax); here for readers that ask every token.
    function isExempt(address) external pure returns (bool) {
        return false;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        require(value == 0 || allowance[msg.sender][spender] == 0, "UsdtStyleToken: RESET_ALLOWANCE_FIRST");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "UsdtStyleToken: INSUFFICIENT_ALLOWANCE");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "UsdtStyleToken: ZERO_ADDRESS");
        require(balanceOf[from] >= value, "UsdtStyleToken: INSUFFICIENT_BALANCE");
        unchecked {
            balanceOf[from] -= value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
